package io.dispatch.webhook.feed;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A merchant's notifications in feed order (docs/adr/0019). A page holds only rows whose
 * inserting transaction is older than every transaction still running: those can no longer be
 * joined by a row in front of them, so a position once served stays a safe place to resume from.
 * The horizon (the newest position retention deleted) and the rows are read in one snapshot.
 */
@Repository
public class FeedRows {

    /** One notification as the feed serves it; {@code body} is the webhook body, byte for byte. */
    public record Row(FeedPosition position, UUID id, String event, Instant createdAt, byte[] body) {}

    /** What a read found. */
    public sealed interface Read {
        /** The rows after {@code start}, oldest first; {@code start} is where the page began. */
        record Page(FeedPosition start, List<Row> rows) implements Read {}

        /** The cursor is older than what retention has kept: resume from {@code horizon}. */
        record Expired(FeedPosition horizon) implements Read {}
    }

    private final JdbcTemplate jdbc;
    private final TransactionTemplate snapshot;

    public FeedRows(JdbcTemplate jdbc, TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.snapshot = new TransactionTemplate(transactions.getTransactionManager());
        snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        snapshot.setReadOnly(true);
    }

    /** Up to {@code limit} rows after {@code after} (null: from the horizon). */
    public Read read(UUID merchantId, FeedPosition after, int limit) {
        return snapshot.execute(status -> {
            FeedPosition horizon = horizon(merchantId);
            if (after != null && after.isBefore(horizon)) {
                return new Read.Expired(horizon);
            }
            FeedPosition start = after == null ? horizon : after;
            List<Row> rows = jdbc.query(
                    """
          select n.feed_xid::text as xid_text, n.feed_position, n.id, n.event, n.created_at, n.body
            from webhook.notifications n
           where n.merchant_id = ?
             and (n.feed_xid, n.feed_position) > (?::text::xid8, ?)
             and n.feed_xid < pg_snapshot_xmin(pg_current_snapshot())
           order by n.feed_xid, n.feed_position
           limit ?""",
                    (rs, i) -> new Row(
                            new FeedPosition(Long.parseLong(rs.getString(1)), rs.getLong(2)),
                            rs.getObject(3, UUID.class),
                            rs.getString(4),
                            rs.getTimestamp(5).toInstant(),
                            rs.getBytes(6)),
                    merchantId,
                    Long.toString(start.xid()),
                    start.position(),
                    limit);
            return new Read.Page(start, rows);
        });
    }

    /** The newest position retention deleted for this merchant, or {@link FeedPosition#START}. */
    public FeedPosition horizon(UUID merchantId) {
        return jdbc
                .query(
                        "select feed_xid::text, feed_position from webhook.feed_horizons where merchant_id = ?",
                        (rs, i) -> new FeedPosition(Long.parseLong(rs.getString(1)), rs.getLong(2)),
                        merchantId)
                .stream()
                .findFirst()
                .orElse(FeedPosition.START);
    }
}
