-- The merchant's registered endpoint. Secrets are shown once at registration.
create table endpoints (
  merchant_id    uuid primary key,
  url            text        not null,
  signing_secret text        not null,
  created_at     timestamptz not null,
  updated_at     timestamptz not null
);

-- The state of each delivery as the dispatcher folded it, to build full payloads.
create table dispatch_state (
  dispatch_id   uuid primary key,
  last_sequence bigint not null,
  body          jsonb  not null
);

-- One notification per (event, endpoint). The body bytes are fixed here and sent unchanged on
-- every attempt; source_event_id makes a re-delivered Kafka record a no-op.
create table notifications (
  id               uuid primary key,
  source_event_id  uuid        not null unique,
  dispatch_id      uuid,
  merchant_id      uuid        not null,
  sequence         bigint      not null,
  event            text        not null,
  body             bytea       not null,
  status           text        not null,
  attempt_count    integer     not null default 0,
  last_http_status integer,
  last_error       text,
  next_attempt_at  timestamptz,
  created_at       timestamptz not null,
  updated_at       timestamptz not null
);
create index notifications_due on notifications (next_attempt_at) where status = 'PENDING';
create index notifications_dispatch on notifications (dispatch_id, created_at);
