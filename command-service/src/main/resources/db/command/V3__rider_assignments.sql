-- Which rider holds which delivery right now (ASSIGNED, PICKED_UP or IN_TRANSIT), kept by a
-- subscribing event handler in the same transaction as the events: a location update asks it
-- which deliveries should get dispatch.location_updated.
create table rider_assignments (
  dispatch_id uuid primary key,
  rider_id    uuid not null,
  status      text not null
);
create index rider_assignments_rider on rider_assignments (rider_id);
