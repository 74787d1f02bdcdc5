-- The pull feed (decisions.md §8, docs/adr/0019). Each notification's place in its merchant's feed
-- is (feed_xid, feed_position): the id of the transaction that inserted it, then a sequence number.
-- The feed serves only rows whose transaction id is below the oldest transaction still running
-- (pg_snapshot_xmin), so no row can later commit in front of a position already served.
-- Existing rows get the migration's own transaction id, numbered in their creation order.
alter table notifications add column feed_xid xid8;
create sequence notifications_feed_position;
alter table notifications add column feed_position bigint;
update notifications
   set feed_xid = pg_current_xact_id(),
       feed_position = ordered.position
  from (select id, nextval('notifications_feed_position') as position
          from (select id from notifications order by created_at, id) oldest_first) ordered
 where notifications.id = ordered.id;
alter table notifications alter column feed_xid set default pg_current_xact_id();
alter table notifications alter column feed_xid set not null;
alter table notifications alter column feed_position set default nextval('notifications_feed_position');
alter table notifications alter column feed_position set not null;
alter sequence notifications_feed_position owned by notifications.feed_position;
create index notifications_feed on notifications (merchant_id, feed_xid, feed_position);

-- Retention deletes finished notifications by age; this index finds them without a scan.
create index notifications_finished on notifications (status, updated_at) where status in ('SUCCEEDED', 'FAILED');

-- The newest feed position retention deleted, per merchant: the feed starts after it, and a
-- cursor before it has lost notifications (422 with details.oldestCursor).
create table feed_horizons (
  merchant_id   uuid   primary key,
  feed_xid      xid8   not null,
  feed_position bigint not null
);
