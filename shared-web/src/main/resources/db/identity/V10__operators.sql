-- Operator accounts (decisions.md section 16): who signs in at the console, with one role each.
-- An ended account keeps its row (the history names it as an actor) and frees its email.
create table operators (
  id            uuid        primary key,
  email         text        not null,
  password_hash text        not null,
  role          text        not null check (role in ('ADMIN', 'DISPATCHER', 'AUDITOR')),
  created_at    timestamptz not null,
  ended_at      timestamptz
);
create unique index operators_live_email on operators (lower(email)) where ended_at is null;
