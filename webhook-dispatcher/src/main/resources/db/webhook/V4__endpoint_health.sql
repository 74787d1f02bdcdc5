-- Endpoint health (decisions.md §9). A DISABLED endpoint is sent nothing: its notifications are
-- kept PENDING until a probe answered 2xx or the operator or the merchant re-enabled it.
-- consecutive_failures counts notifications in a row that ended FAILED (a success resets it);
-- next_probe_at is when one dispatcher may send the next probe (claimed by moving it on).
alter table endpoints add column status text not null default 'ACTIVE' check (status in ('ACTIVE', 'DISABLED'));
alter table endpoints add column disabled_reason text;
alter table endpoints add column disabled_at timestamptz;
alter table endpoints add column consecutive_failures integer not null default 0;
alter table endpoints add column next_probe_at timestamptz;
create index endpoints_probe_due on endpoints (next_probe_at) where status = 'DISABLED';

-- A delivery's due notifications are attempted one at a time, lowest sequence first (so a backlog
-- kept while an endpoint was disabled goes out in order): the claim looks for an earlier PENDING
-- notification of the same delivery.
create index notifications_pending_dispatch on notifications (dispatch_id, sequence) where status = 'PENDING';
drop index notifications_never_attempted;

-- The merchant's endpoint view: pending and the last 24 hours' outcomes; and recover's range.
create index notifications_merchant_updated on notifications (merchant_id, updated_at);
create index notifications_merchant_failed on notifications (merchant_id, created_at) where status = 'FAILED';
create index notifications_merchant_pending on notifications (merchant_id) where status = 'PENDING';
