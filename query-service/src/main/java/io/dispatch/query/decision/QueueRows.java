package io.dispatch.query.decision;

import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;

/** The operator's queue over R2DBC: NEW deliveries (nobody holds one), oldest first. */
@Repository
public class QueueRows {

    /** A row of the queue as the dispatching table holds it. */
    public record Waiting(
            UUID dispatchId,
            UUID merchantId,
            String zoneId,
            Instant createdAt,
            int offersMade,
            String lastReason,
            String policyMode) {}

    private final DatabaseClient db;

    public QueueRows(DatabaseClient queryDatabaseClient) {
        this.db = queryDatabaseClient;
    }

    /** {@code zoneId} and {@code sandbox} null: any. */
    public Flux<Waiting> waiting(String zoneId, Boolean sandbox, int count) {
        StringBuilder sql = new StringBuilder("""
            select dispatch_id, merchant_id, zone_id, created_at, offers_made, last_reason, policy_mode
              from query.dispatching where status = 'NEW'""");
        if (zoneId != null) {
            sql.append(" and zone_id = :zone");
        }
        if (sandbox != null) {
            sql.append(" and sandbox = :sandbox");
        }
        sql.append(" order by created_at, dispatch_id limit :count");
        var spec = db.sql(sql.toString()).bind("count", count);
        if (zoneId != null) {
            spec = spec.bind("zone", zoneId);
        }
        if (sandbox != null) {
            spec = spec.bind("sandbox", sandbox);
        }
        return spec.map(row -> new Waiting(
                        row.get("dispatch_id", UUID.class),
                        row.get("merchant_id", UUID.class),
                        row.get("zone_id", String.class),
                        row.get("created_at", Instant.class),
                        row.get("offers_made", Integer.class),
                        row.get("last_reason", String.class),
                        row.get("policy_mode", String.class)))
                .all();
    }
}
