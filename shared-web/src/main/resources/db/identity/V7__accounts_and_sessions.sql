-- Dashboard sign-in (decisions.md section 10). One account per merchant today; the email is
-- kept as typed and compared in lower case.
create table accounts (
  id            uuid primary key,
  email         text not null,
  password_hash text not null,
  merchant_id   uuid not null references merchants (id),
  created_at    timestamptz not null
);
create unique index accounts_email on accounts (lower(email));
create index accounts_merchant on accounts (merchant_id);

-- Spring Session JDBC's own tables (its schema-postgresql.sql), in this schema: sessions outlive
-- a restart and are read by every instance of every service.
create table spring_session (
  primary_id            char(36) not null,
  session_id            char(36) not null,
  creation_time         bigint not null,
  last_access_time      bigint not null,
  max_inactive_interval int not null,
  expiry_time           bigint not null,
  principal_name        varchar(100),
  constraint spring_session_pk primary key (primary_id)
);
create unique index spring_session_ix1 on spring_session (session_id);
create index spring_session_ix2 on spring_session (expiry_time);
create index spring_session_ix3 on spring_session (principal_name);

create table spring_session_attributes (
  session_primary_id char(36) not null,
  attribute_name     varchar(200) not null,
  attribute_bytes    bytea not null,
  constraint spring_session_attributes_pk primary key (session_primary_id, attribute_name),
  constraint spring_session_attributes_fk foreign key (session_primary_id)
    references spring_session (primary_id) on delete cascade
);
