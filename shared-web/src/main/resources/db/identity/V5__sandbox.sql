-- Sandbox merchants get their deliveries taken and driven by the rider simulator when it is
-- switched on (dispatch.simulator.enabled); simulated riders are the simulator's own riders,
-- whose tokens it renews at each start (it keeps them in memory only).
alter table merchants add column sandbox boolean not null default false;
alter table riders add column simulated boolean not null default false;
