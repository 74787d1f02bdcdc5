-- Projection rebuilds (POST /api/v1/admin/projections/rebuild): one row per run, newest last.
-- At most one runs at a time, across every instance; a run whose instance stopped heart-beating
-- is reported FAILED by whichever instance looks at it next.
create table rebuilds (
  id                uuid primary key,
  status            text        not null,
  instance          text        not null,
  events_done       bigint      not null default 0,
  events_total      bigint      not null default 0,
  events_skipped    bigint      not null default 0,
  events_per_second double precision,
  started_at        timestamptz not null,
  finished_at       timestamptz,
  heartbeat_at      timestamptz not null,
  error             text,
  checksum          text,
  previous_checksum text
);
create unique index rebuilds_one_running on rebuilds ((true)) where status = 'RUNNING';
create index rebuilds_newest on rebuilds (started_at desc);
