-- The rider's route (GET /api/v1/rider/route, decisions.md section 15): the deliveries a rider holds,
-- found by rider without reading every row's JSON. rider_id is the folded view's riderId;
-- assigned_at the time of its latest dispatch.assigned (null once unassigned), which orders the
-- stops the planner gave no time; planned_at the time of its latest dispatch.planned for the rider
-- who holds it (null once unassigned or given to another rider), the route's updatedAt. The
-- projection (and a rebuild, through the same writer) sets them with every row it writes.
alter table dispatches
  add column rider_id uuid,
  add column assigned_at timestamptz,
  add column planned_at timestamptz;

update dispatches d
   set rider_id = (d.body ->> 'riderId')::uuid,
       assigned_at = (select max(h.occurred_at) from dispatch_history h
                       where h.dispatch_id = d.id and h.status = 'ASSIGNED'),
       planned_at = (select max(p.occurred_at) from dispatch_decisions p
                      where p.dispatch_id = d.id and p.type = 'PLANNED'
                        and p.rider_id = (d.body ->> 'riderId')::uuid)
 where d.body ->> 'riderId' is not null;

create index dispatches_rider_held on dispatches (rider_id)
  where status in ('ASSIGNED', 'PICKED_UP', 'IN_TRANSIT');
