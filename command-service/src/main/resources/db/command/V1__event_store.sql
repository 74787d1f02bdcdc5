-- Axon's JDBC event store, token store and snapshots. Column names are Axon's defaults
-- (unquoted camelCase, so PostgreSQL folds them to lower case); table names are set in
-- AxonConfiguration. Payloads are BYTEA (not large objects) with Jackson-serialized JSON.
create table domain_event_entry (
  globalIndex         bigserial    not null primary key,
  aggregateIdentifier varchar(255) not null,
  sequenceNumber      bigint       not null,
  type                varchar(255),
  eventIdentifier     varchar(255) not null unique,
  metaData            bytea,
  payload             bytea        not null,
  payloadRevision     varchar(255),
  payloadType         varchar(255) not null,
  timeStamp           varchar(255) not null,
  unique (aggregateIdentifier, sequenceNumber)
);

create table snapshot_event_entry (
  aggregateIdentifier varchar(255) not null,
  sequenceNumber      bigint       not null,
  type                varchar(255) not null,
  eventIdentifier     varchar(255) not null unique,
  metaData            bytea,
  payload             bytea        not null,
  payloadRevision     varchar(255),
  payloadType         varchar(255) not null,
  timeStamp           varchar(255) not null,
  primary key (aggregateIdentifier, sequenceNumber)
);

create table token_entry (
  processorName varchar(255) not null,
  segment       integer      not null,
  token         bytea,
  tokenType     varchar(255),
  timestamp     varchar(255),
  owner         varchar(255),
  primary key (processorName, segment)
);
