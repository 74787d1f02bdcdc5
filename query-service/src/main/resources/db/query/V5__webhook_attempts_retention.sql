-- Retention (dispatch.webhook.retention.attempts) deletes finished rows by age; this index finds
-- them without reading the table.
create index webhook_attempts_finished on webhook_attempts (updated_at) where status in ('SUCCEEDED', 'FAILED');
