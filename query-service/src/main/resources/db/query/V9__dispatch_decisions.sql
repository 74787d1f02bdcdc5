-- Automatic dispatch's read side (decisions.md section 14), written by the decisions projection
-- (consumer group query-service.decisions) from the engine's decision events on dispatch-events.

-- Every decision about a delivery, in its stream's order: GET /api/v1/admin/dispatches/:id/decisions.
-- type is OFFERED, ACCEPTED, DECLINED, EXPIRED, WITHDRAWN, AUTO_ASSIGNED or NO_RIDER (a rider's
-- give-back after an automatic assignment, dispatch.unassigned, is a DECLINED). policy is
-- {zoneId, mode, version}; candidates [{riderId, etaToPickupSeconds, distanceMeters, activeCount, rank}].
create table dispatch_decisions (
  dispatch_id uuid        not null,
  sequence    bigint      not null,
  type        text        not null,
  occurred_at timestamptz not null,
  rider_id    uuid,
  offer_id    uuid,
  reason      text,
  policy      jsonb       not null,
  candidates  jsonb       not null,
  primary key (dispatch_id, sequence)
);

-- Each offer and how it ended: a rider's open offers (GET /api/v1/rider/offers) and the offer figures.
-- status OPEN, ACCEPTED, DECLINED, EXPIRED, WITHDRAWN or TAKEN (withdrawn because another rider accepted).
create table dispatch_offers (
  offer_id    uuid primary key,
  dispatch_id uuid        not null,
  rider_id    uuid        not null,
  status      text        not null,
  made_at     timestamptz not null,
  expires_at  timestamptz not null,
  closed_at   timestamptz
);
create index dispatch_offers_rider_open on dispatch_offers (rider_id, expires_at) where status = 'OPEN';
create index dispatch_offers_dispatch on dispatch_offers (dispatch_id);

-- One row per delivery: where its dispatching stands (the operator's queue) and the times the
-- figures are made of (GET /api/v1/admin/dispatch/stats). sandbox is the merchant's flag, copied
-- from identity.merchants as query.dispatches does. policy_* is the policy the delivery was created
-- under (default, MANUAL, 0 for one created before policies); decision_policy the policy of its latest
-- decision that named one (an answer to an offer is shown under it). last_reason is the reason of the
-- latest NoRiderFound, cleared by a later offer or automatic assignment.
create table dispatching (
  dispatch_id        uuid primary key,
  merchant_id        uuid        not null,
  sandbox            boolean     not null default false,
  zone_id            text,
  policy_zone_id     text        not null,
  policy_mode        text        not null,
  policy_version     bigint      not null,
  decision_policy    jsonb       not null,
  status             text        not null,
  created_at         timestamptz not null,
  target_pickup_at   timestamptz,
  target_delivery_at timestamptz,
  offers_made        integer     not null,
  last_reason        text,
  no_rider_at        timestamptz,
  first_assigned_at  timestamptz,
  picked_up_at       timestamptz,
  delivered_at       timestamptz,
  last_sequence      bigint      not null
);
create index dispatching_queue on dispatching (created_at, dispatch_id) where status = 'NEW';
create index dispatching_created on dispatching (created_at);
