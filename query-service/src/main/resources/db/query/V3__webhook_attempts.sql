-- One row per webhook notification of a delivery, as the dispatcher last reported it on the
-- webhook-attempts topic. revision is the notification's state counter: an older or repeated
-- report changes nothing, so a replay of the topic rebuilds the same table.
create table webhook_attempts (
  notification_id  uuid        primary key,
  dispatch_id      uuid        not null,
  merchant_id      uuid        not null,
  event            text        not null,
  status           text        not null,
  attempt_count    integer     not null,
  last_http_status integer,
  last_error       text,
  next_attempt_at  timestamptz,
  created_at       timestamptz not null,
  updated_at       timestamptz not null,
  revision         bigint      not null
);
create index webhook_attempts_dispatch on webhook_attempts (dispatch_id, created_at, notification_id);
