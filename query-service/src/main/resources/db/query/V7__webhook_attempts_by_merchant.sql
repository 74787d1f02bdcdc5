-- The merchant's most recently changed webhook notifications across its deliveries
-- (GET /api/v1/external/webhooks/attempts): newest first, one index range per merchant.
create index webhook_attempts_merchant_recent on webhook_attempts (merchant_id, updated_at desc, notification_id desc);
