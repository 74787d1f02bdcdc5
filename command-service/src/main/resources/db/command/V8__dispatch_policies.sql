-- Dispatching policies per zone (decisions.md section 14), every version kept: a delivery follows
-- the version current when it was created, and the decisions name it. Zone 'default' applies to
-- every zone without a policy of its own; without any row it is MANUAL at version 0.
create table dispatch_policies (
  zone_id               text        not null,
  version               bigint      not null check (version >= 1),
  mode                  text        not null,
  offer_timeout_seconds integer     not null,
  max_offers            integer     not null,
  radius_meters         integer     not null,
  fallback              text        not null,
  changed_at            timestamptz not null,
  changed_by            text        not null,
  primary key (zone_id, version)
);

-- Which delivery an offer belongs to (a rider accepts or declines by offer id), kept by a
-- subscribing processor in the transaction that appends the offer.
create table dispatch_offers (
  offer_id    uuid primary key,
  dispatch_id uuid not null,
  rider_id    uuid not null
);
