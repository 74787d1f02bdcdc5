-- The console's what-if comparisons (POST /api/v1/admin/dispatch/whatif, decisions.md section 17):
-- one row per job, so that any instance answers its status. The instance that accepted a job runs
-- it and beats heartbeat_at while it is QUEUED or RUNNING; a row whose heartbeat is older than
-- dispatch.whatif.abandoned-after belongs to an instance that stopped, and is closed as FAILED by
-- whichever instance reads it next (docs/adr/0052).
create table whatif_jobs (
  id           uuid        primary key,
  day          date,
  period_from  timestamptz not null,
  period_to    timestamptz not null,
  zone_id      text,
  modes        text[]      not null,
  status       text        not null check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  requested_by text        not null,
  instance     text        not null,
  created_at   timestamptz not null,
  started_at   timestamptz,
  finished_at  timestamptz,
  heartbeat_at timestamptz not null,
  progress     text,
  result       jsonb,
  error        text
);
create index whatif_jobs_newest on whatif_jobs (created_at desc, id desc);
create index whatif_jobs_open on whatif_jobs (heartbeat_at) where status in ('QUEUED', 'RUNNING');
