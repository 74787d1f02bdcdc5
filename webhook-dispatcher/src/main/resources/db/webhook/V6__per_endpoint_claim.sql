-- The claim reads each merchant's due notifications through its own index range (per-endpoint
-- queues, ADR 0033): merchant first, then due time. It replaces both indexes below: the
-- merchant-only one (a merchant's PENDING notifications, which this serves too) and the global
-- due-time one, whose order made a claim read past the whole backlog of every full endpoint.
create index notifications_merchant_due on notifications (merchant_id, next_attempt_at) where status = 'PENDING';
drop index notifications_merchant_pending;
drop index notifications_due;
