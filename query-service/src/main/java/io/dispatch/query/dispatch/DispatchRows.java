package io.dispatch.query.dispatch;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Source;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.StatusTransition;
import io.r2dbc.postgresql.codec.Json;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

/** The deliveries and history tables over R2DBC. The folded view is kept whole as JSON. */
@Repository
public class DispatchRows {

    private final DatabaseClient db;
    private final ObjectMapper json;

    public DispatchRows(DatabaseClient queryDatabaseClient, ObjectMapper json) {
        this.db = queryDatabaseClient;
        this.json = json;
    }

    /** Where a row sits in the newest-first order: its created_at as stored (microseconds) and id. */
    public record ListPosition(Instant createdAt, UUID id) {}

    /** A row of a list page with its position, from which the next page's cursor is made. */
    public record Listed(ListPosition position, DispatchView view) {}

    /**
     * One page of a merchant's deliveries, newest first (created_at desc, id desc), strictly after
     * {@code after} when given. Keyset paging: rows inserted meanwhile never shift what comes next.
     * The position is read from the columns, not the JSON body, so it has exactly the precision
     * the comparison sees.
     */
    public Flux<Listed> page(UUID merchantId, DispatchStatus status, Source source, ListPosition after, int count) {
        StringBuilder sql =
                new StringBuilder("select id, created_at, body from query.dispatches where merchant_id = :merchant");
        if (status != null) {
            sql.append(" and status = :status");
        }
        if (source != null) {
            sql.append(" and source = :source");
        }
        if (after != null) {
            sql.append(" and (created_at, id) < (:afterCreatedAt, :afterId)");
        }
        sql.append(" order by created_at desc, id desc limit :count");
        var spec = db.sql(sql.toString()).bind("merchant", merchantId).bind("count", count);
        if (status != null) {
            spec = spec.bind("status", status.name());
        }
        if (source != null) {
            spec = spec.bind("source", source.wireName());
        }
        if (after != null) {
            spec = spec.bind("afterCreatedAt", after.createdAt()).bind("afterId", after.id());
        }
        return spec.map(row -> new Listed(
                        new ListPosition(row.get("created_at", Instant.class), row.get("id", UUID.class)),
                        read(row.get("body", Json.class))))
                .all();
    }

    /**
     * NEW deliveries of every sandbox merchant, or of every real one (decisions.md §13: a rider
     * is offered only its own side's): nearest pickup first when {@code near} is given (an
     * equirectangular distance, exact enough to rank within a city; deliveries without pickup
     * coordinates last), else oldest first.
     */
    public Flux<DispatchView> offers(boolean sandbox, Double nearLat, Double nearLng, int count) {
        return offersNear(sandbox, nearLat, nearLng, count);
    }

    /**
     * SQL ordering by the pickup's distance from {@code :lat}, {@code :lng} (deliveries without
     * pickup coordinates last), columns of {@code alias} (empty: none). Differences under 1e-12
     * degrees (a micrometre) count as that much: PostgreSQL refuses a square, or a product, that
     * underflows, and 4.9E-324, the smallest double, is a valid latitude for a pickup or a rider.
     */
    public static String nearestPickupFirst(String alias) {
        String p = alias.isEmpty() ? "" : alias + ".";
        return p + "pickup_lat is null, greatest(abs(" + p + "pickup_lat - :lat), 1e-12) ^ 2 + (greatest(abs(" + p
                + "pickup_lng - :lng), 1e-12) * cos(radians(greatest(abs(:lat), 1e-12)))) ^ 2";
    }

    private Flux<DispatchView> offersNear(boolean sandbox, Double nearLat, Double nearLng, int count) {
        String order = nearLat == null ? "created_at, id" : nearestPickupFirst("") + ", created_at, id";
        var spec = db.sql("select body from query.dispatches where status = 'NEW' and sandbox = :sandbox order by "
                        + order + " limit :count")
                .bind("sandbox", sandbox)
                .bind("count", count);
        if (nearLat != null) {
            spec = spec.bind("lat", nearLat).bind("lng", nearLng);
        }
        return spec.map(row -> read(row.get("body", Json.class))).all();
    }

    /** A delivery a rider holds, with when it was assigned and last planned (null: never, or not for this rider). */
    public record Held(DispatchView view, Instant assignedAt, Instant plannedAt) {}

    /**
     * The deliveries {@code riderId} holds and has still to carry (ASSIGNED, PICKED_UP, IN_TRANSIT),
     * at most {@code count} (a rider holds at most 20): the rider's route (decisions.md §15).
     */
    public Flux<Held> held(UUID riderId, int count) {
        return db.sql("""
            select body, assigned_at, planned_at from query.dispatches
             where rider_id = :rider and status in ('ASSIGNED', 'PICKED_UP', 'IN_TRANSIT')
             order by assigned_at nulls last, id limit :count""")
                .bind("rider", riderId)
                .bind("count", count)
                .map(row -> new Held(
                        read(row.get("body", Json.class)),
                        row.get("assigned_at", Instant.class),
                        row.get("planned_at", Instant.class)))
                .all();
    }

    /** The delivery a customer's tracking token opens. */
    public Mono<DispatchView> findByTrackingToken(String token) {
        return db.sql("select body from query.dispatches where tracking_token = :token")
                .bind("token", token)
                .map(row -> read(row.get("body", Json.class)))
                .one();
    }

    /** Any merchant's delivery (the operator's read). */
    public Mono<DispatchView> find(UUID dispatchId) {
        return db.sql("select body from query.dispatches where id = :id")
                .bind("id", dispatchId)
                .map(row -> read(row.get("body", Json.class)))
                .one();
    }

    public Flux<StatusTransition> history(UUID dispatchId) {
        return db.sql("""
            select sequence, status, previous_status, occurred_at, actor_type, actor_id, reason_code, detail
              from query.dispatch_history where dispatch_id = :id order by sequence limit 1000""")
                .bind("id", dispatchId)
                .map(row -> new StatusTransition(
                        row.get("sequence", Long.class),
                        row.get("status", String.class),
                        row.get("previous_status", String.class),
                        row.get("occurred_at", Instant.class),
                        row.get("actor_type", String.class),
                        row.get("actor_id", String.class),
                        row.get("reason_code", String.class),
                        row.get("detail", String.class)))
                .all();
    }

    private DispatchView read(Json body) {
        return json.readValue(body.asArray(), DispatchView.class);
    }
}
