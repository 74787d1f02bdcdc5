-- Signing secrets are kept encrypted (AES-GCM, key from dispatch.webhook.secret-encryption-key).
-- A row still holding a plaintext secret from V1 is encrypted at start-up and its plaintext cleared.
alter table endpoints add column secret_ciphertext bytea;
alter table endpoints alter column signing_secret drop not null;

-- webhook.test notifications have no source event (and no delivery).
alter table notifications alter column source_event_id drop not null;

-- A claimed notification is leased to one dispatcher until lease_until; next_attempt_at stays the
-- scheduled time. revision counts state changes; published_revision is the last one put onto
-- the webhook-attempts topic (the table is its own outbox).
alter table notifications add column lease_until timestamptz;
alter table notifications add column revision bigint not null default 1;
alter table notifications add column published_revision bigint not null default 0;

create index notifications_unpublished on notifications (updated_at) where published_revision < revision;
create index notifications_never_attempted on notifications (dispatch_id, sequence)
  where status = 'PENDING' and attempt_count = 0;
