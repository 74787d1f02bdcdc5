create table pricing_default (
  id                      integer primary key check (id = 1),
  base_fee_cents          bigint           not null,
  per_km_cents            bigint           not null,
  min_fee_cents           bigint           not null,
  detour_factor           double precision not null,
  avg_speed_kmh           double precision not null,
  target_pickup_seconds   bigint           not null,
  target_delivery_seconds bigint           not null
);

-- Polygons are kept as WKT ([lng lat] order, as GeoJSON); the service indexes them in memory.
create table zones (
  id                      text primary key,
  name                    text             not null,
  priority                integer          not null default 100,
  polygon_wkt             text             not null,
  base_fee_cents          bigint           not null,
  per_km_cents            bigint           not null,
  min_fee_cents           bigint           not null,
  detour_factor           double precision not null,
  avg_speed_kmh           double precision not null,
  target_pickup_seconds   bigint           not null,
  target_delivery_seconds bigint           not null
);

-- Seeded defaults of decisions.md: the platform schedule and the Nairobi CBD zone.
insert into pricing_default values (1, 20000, 5000, 25000, 1.3, 25, 3600, 7200);

insert into zones values (
  'nairobi-cbd', 'Nairobi CBD', 10,
  'POLYGON ((36.8140 -1.2760, 36.8260 -1.2745, 36.8320 -1.2820, 36.8290 -1.2920, 36.8150 -1.2935, 36.8105 -1.2850, 36.8140 -1.2760))',
  15000, 4000, 20000, 1.3, 25, 1800, 3600);
