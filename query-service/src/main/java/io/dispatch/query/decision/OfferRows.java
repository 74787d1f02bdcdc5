package io.dispatch.query.decision;

import io.dispatch.events.view.DispatchView;
import io.dispatch.query.dispatch.DispatchRows;
import io.r2dbc.postgresql.codec.Json;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import tools.jackson.databind.ObjectMapper;

/**
 * What GET /api/v1/rider/offers lists (decisions.md §14), over R2DBC: a rider's own open offers,
 * and the NEW deliveries of MANUAL mode any rider of the same side of the sandbox line may take.
 */
@Repository
public class OfferRows {

    /** An offer made to the rider, with the delivery as the deliveries table holds it. */
    public record OpenOffer(UUID offerId, Instant expiresAt, DispatchView view) {}

    private final DatabaseClient db;
    private final ObjectMapper json;

    public OfferRows(DatabaseClient queryDatabaseClient, ObjectMapper json) {
        this.db = queryDatabaseClient;
        this.json = json;
    }

    /**
     * The rider's offers still open at {@code now}, soonest expiry first. The delivery must still be
     * NEW and on the rider's side of the sandbox line: the engine closes an offer with an event,
     * and until that event is read an offer of a delivery taken meanwhile, or one past its expiry,
     * must not show as one the rider can still accept.
     */
    public Flux<OpenOffer> open(UUID riderId, boolean sandbox, Instant now, int count) {
        return db.sql("""
            select o.offer_id, o.expires_at, d.body
              from query.dispatch_offers o join query.dispatches d on d.id = o.dispatch_id
             where o.rider_id = :rider and o.status = 'OPEN' and o.expires_at > :now
               and d.status = 'NEW' and d.sandbox = :sandbox
             order by o.expires_at, o.offer_id limit :count""")
                .bind("rider", riderId)
                .bind("now", now)
                .bind("sandbox", sandbox)
                .bind("count", count)
                .map(row -> new OpenOffer(
                        row.get("offer_id", UUID.class),
                        row.get("expires_at", Instant.class),
                        read(row.get("body", Json.class))))
                .all();
    }

    /**
     * NEW deliveries created under a MANUAL policy, of every sandbox merchant or of every real one:
     * nearest pickup first when {@code nearLat} is given (deliveries without pickup coordinates
     * last), else oldest first. A delivery the decisions projection has not read yet is not listed
     * until it has: its policy is not known before.
     */
    public Flux<DispatchView> manual(boolean sandbox, Double nearLat, Double nearLng, int count) {
        String order =
                nearLat == null ? "d.created_at, d.id" : DispatchRows.nearestPickupFirst("d") + ", d.created_at, d.id";
        var spec = db.sql("""
                select d.body from query.dispatches d join query.dispatching s on s.dispatch_id = d.id
                 where d.status = 'NEW' and d.sandbox = :sandbox and s.policy_mode = 'MANUAL'
                 order by %s limit :count""".formatted(order)).bind("sandbox", sandbox).bind("count", count);
        if (nearLat != null) {
            spec = spec.bind("lat", nearLat).bind("lng", nearLng);
        }
        return spec.map(row -> read(row.get("body", Json.class))).all();
    }

    private DispatchView read(Json body) {
        return json.readValue(body.asArray(), DispatchView.class);
    }
}
