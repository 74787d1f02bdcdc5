-- The Idempotency-Key of each merchant creation, written in the same transaction as the
-- creation's events: a retry of the key after a crash between the append and the stored answer
-- finds the deliveries it created instead of creating them again. Rows live as long as the
-- stored answers (dispatch.idempotency.ttl) and are deleted by the same cleanup interval.
create table creation_keys (
  merchant_id     uuid        not null,
  idempotency_key text        not null,
  fingerprint     bytea       not null,
  dispatch_ids    uuid[]      not null,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  primary key (merchant_id, idempotency_key)
);
create index creation_keys_expires_at on creation_keys (expires_at);
