-- Riders and their API tokens (<token_id>.<secret>; only a SHA-256 of the secret is kept, as
-- for API keys). The last known position serves offers (nearest first) and tracking;
-- location_event_at is when the rider's last dispatch.location_updated was emitted, the
-- throttle shared by every instance.
create table riders (
  id                uuid primary key,
  name              text        not null,
  phone             text        not null,
  token_id          text        not null unique,
  token_hash        bytea       not null,
  created_at        timestamptz not null,
  last_lat          double precision,
  last_lng          double precision,
  last_located_at   timestamptz,
  location_event_at timestamptz
);
