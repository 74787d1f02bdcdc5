-- The merchant's deliveries per day by final status (GET /api/v1/external/stats/daily): a row in
-- a final status never moves again, so its updated_at is the time it got there.
create index dispatches_merchant_finished on dispatches (merchant_id, updated_at)
  where status in ('DELIVERED', 'FAILED', 'CANCELLED');
