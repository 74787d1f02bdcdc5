-- Offers (NEW deliveries, nearest first) sort on the pickup coordinates.
alter table dispatches add column pickup_lat double precision, add column pickup_lng double precision;
update dispatches set pickup_lat = (body -> 'pickup' ->> 'lat')::double precision,
                      pickup_lng = (body -> 'pickup' ->> 'lng')::double precision;
create index dispatches_new_oldest on dispatches (created_at, id) where status = 'NEW';

-- The newest position of each rider, from every fix on rider-positions (tracking reads it).
create table rider_positions (
  rider_id    uuid primary key,
  latitude    double precision not null,
  longitude   double precision not null,
  recorded_at timestamptz      not null,
  received_at timestamptz      not null
);
