-- The deliveries list and detail: one row per delivery, the folded state as JSON plus the
-- columns that lists filter and sort on. last_sequence makes re-applied events no-ops.
create table dispatches (
  id            uuid primary key,
  merchant_id   uuid        not null,
  status        text        not null,
  source        text        not null,
  tracking_token text       not null unique,
  created_at    timestamptz not null,
  updated_at    timestamptz not null,
  last_sequence bigint      not null,
  body          jsonb       not null
);
create index dispatches_merchant_newest on dispatches (merchant_id, created_at desc, id desc);
create index dispatches_merchant_status_newest on dispatches (merchant_id, status, created_at desc, id desc);

-- One row per status transition, oldest first by sequence.
create table dispatch_history (
  dispatch_id     uuid        not null,
  sequence        bigint      not null,
  status          text        not null,
  previous_status text,
  occurred_at     timestamptz not null,
  actor_type      text        not null,
  actor_id        text,
  reason_code     text,
  detail          text,
  primary key (dispatch_id, sequence)
);

-- How far each projection has applied each partition of its topic (the next offset to read).
-- Written in the same transaction as the rows, so a reader can wait for a known offset.
create table projection_positions (
  projection  text    not null,
  topic       text    not null,
  partition   integer not null,
  next_offset bigint  not null,
  primary key (projection, topic, partition)
);
