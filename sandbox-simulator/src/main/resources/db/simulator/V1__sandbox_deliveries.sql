-- The sandbox simulator's own record of sandbox merchants' deliveries, written from
-- dispatch-events by the simulator's intake (docs/adr/0045): where each stands, who holds it,
-- and what the simulated customer needs at the door. Rows older than a day are deleted.
create table deliveries (
    dispatch_id     uuid primary key,
    sequence        bigint      not null,
    status          text        not null,
    rider_id        uuid,
    customer_name   text        not null,
    delivery_pin    text,
    zone_id         text,
    pickup_address  text        not null,
    pickup_lat      double precision,
    pickup_lng      double precision,
    pickup_notes    text,
    dropoff_address text        not null,
    dropoff_lat     double precision,
    dropoff_lng     double precision,
    dropoff_notes   text,
    created_at      timestamptz not null
);

create index deliveries_held_by on deliveries (rider_id) where status in ('ASSIGNED', 'PICKED_UP', 'IN_TRANSIT');
create index deliveries_created_at on deliveries (created_at);
