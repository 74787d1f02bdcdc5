-- Records a consumer group could not apply (FAILED), and the later records of the same key it
-- held back to keep each delivery's order (PARKED), until an operator replays them. One row per
-- (group, record); parked_keys says which keys a group holds back. Shared by every service, so
-- any instance can list them; a group's own service applies the replays (RecordRecovery).
create table dead_letters (
  id             bigserial   primary key,
  consumer_group text        not null,
  topic          text        not null,
  partition      integer     not null,
  record_offset  bigint      not null,
  record_key     text,
  payload        bytea,
  reason         text        not null check (reason in ('FAILED', 'PARKED')),
  error          text        not null,
  status         text        not null check (status in ('DEAD', 'REPLAY_REQUESTED', 'REPLAYED')),
  failed_at      timestamptz not null,
  replay_requested_at timestamptz,
  replayed_at    timestamptz,
  replay_error   text,
  unique (consumer_group, topic, partition, record_offset)
);
create index dead_letters_open on dead_letters (consumer_group, record_key) where status <> 'REPLAYED';

create table parked_keys (
  consumer_group text        not null,
  record_key     text        not null,
  since          timestamptz not null,
  primary key (consumer_group, record_key)
);
