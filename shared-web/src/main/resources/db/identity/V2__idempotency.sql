-- One row per (merchant, Idempotency-Key): first the claim of the running request
-- (IN_PROGRESS), then the answer replayed for the key (COMPLETED). A row past expires_at
-- (first use + dispatch.idempotency.ttl) counts as absent and is deleted by a periodic cleanup.
create table idempotency_keys (
  merchant_id     uuid        not null,
  idempotency_key text        not null,
  fingerprint     bytea       not null,
  owner           uuid        not null,
  state           text        not null check (state in ('IN_PROGRESS', 'COMPLETED')),
  claimed_at      timestamptz not null,
  expires_at      timestamptz not null,
  status_code     integer,
  content_type    text,
  request_id      text,
  body            bytea,
  primary key (merchant_id, idempotency_key)
);
create index idempotency_keys_expires_at on idempotency_keys (expires_at);
