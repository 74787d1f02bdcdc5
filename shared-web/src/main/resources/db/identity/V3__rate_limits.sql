-- bucket4j's PostgreSQL store (select-for-update proxy manager) for the per-API-key rate limit:
-- one bucket per key and epoch minute, id '<keyId>:<epochMinute>'; expires_at is in epoch
-- milliseconds, written by bucket4j, and buckets past it are deleted by a periodic cleanup.
create table rate_limit_buckets (
  id         text primary key,
  state      bytea,
  expires_at bigint
);
create index rate_limit_buckets_expires_at on rate_limit_buckets (expires_at);
