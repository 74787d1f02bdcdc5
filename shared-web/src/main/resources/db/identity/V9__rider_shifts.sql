-- Riders' shifts and capacity (decisions.md section 14): only riders ON shift, with a recent
-- position and holding fewer than max_active deliveries are offered deliveries. A new rider is
-- OFF shift until it says otherwise; shift_since is when the current status began.
alter table riders
  add column shift       text        not null default 'OFF' check (shift in ('ON', 'OFF')),
  add column shift_since timestamptz,
  add column max_active  integer     not null default 1 check (max_active between 1 and 20),
  add column changed_at  timestamptz;
-- The engine polls the riders that changed since its last look.
create index riders_changed_at on riders (changed_at);
