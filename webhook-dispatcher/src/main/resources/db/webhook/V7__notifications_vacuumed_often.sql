-- Notifications are a queue: every delivery leaves dead row versions at the head of each
-- merchant's range of notifications_merchant_due, and every claim steps over them until VACUUM
-- removes them. Measured (ADR 0033): with PostgreSQL's defaults (20 % of the table changed
-- before a vacuum) a claim took 89 ms on average during a drain of 10,000; vacuumed after every
-- 2,000 changed rows, without cost delay, 2 ms.
alter table notifications set (
  autovacuum_vacuum_scale_factor = 0.0,
  autovacuum_vacuum_threshold = 2000,
  autovacuum_vacuum_insert_scale_factor = 0.0,
  autovacuum_vacuum_insert_threshold = 2000,
  autovacuum_analyze_scale_factor = 0.02,
  autovacuum_vacuum_cost_delay = 0
);
