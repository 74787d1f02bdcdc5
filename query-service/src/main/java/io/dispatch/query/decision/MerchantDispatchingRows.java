package io.dispatch.query.decision;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * Where one delivery's dispatching stands, for its merchant (GET
 * /api/v1/external/dispatches/:id/dispatching): the decisions projection's row, its offers open now,
 * and for a RANKED policy the policy's maxOffers. No rider or offer id is read.
 *
 * <p>maxOffers is in no event (a decision names the policy's zone, mode and version only), so it is
 * read from the policies command-service keeps, every version of them, in {@code
 * command.dispatch_policies} of the same database, as the engine reads them: read only, by the
 * zone and version the delivery was created under, which never change.
 */
@Repository
public class MerchantDispatchingRows {

    /** The row of query.dispatching, with the offers open at the time asked. */
    public record Dispatching(
            String status,
            String policyZoneId,
            String policyMode,
            long policyVersion,
            int offersMade,
            int openOffers,
            String lastReason) {}

    private final DatabaseClient db;

    public MerchantDispatchingRows(DatabaseClient queryDatabaseClient) {
        this.db = queryDatabaseClient;
    }

    /** Empty when the decisions projection has no row for the delivery (yet). */
    public Mono<Dispatching> of(UUID dispatchId, Instant now) {
        return db.sql("""
            select s.status, s.policy_zone_id, s.policy_mode, s.policy_version, s.offers_made, s.last_reason,
                   (select count(*) from query.dispatch_offers o
                     where o.dispatch_id = s.dispatch_id and o.status = 'OPEN' and o.expires_at > :now) as open_offers
              from query.dispatching s where s.dispatch_id = :id""")
                .bind("id", dispatchId)
                .bind("now", now)
                .map(row -> new Dispatching(
                        row.get("status", String.class),
                        row.get("policy_zone_id", String.class),
                        row.get("policy_mode", String.class),
                        row.get("policy_version", Long.class),
                        row.get("offers_made", Integer.class),
                        row.get("open_offers", Long.class).intValue(),
                        row.get("last_reason", String.class)))
                .one();
    }

    /** The maxOffers of a stored policy version; empty for version 0 (the built-in MANUAL, never stored). */
    public Mono<Optional<Integer>> maxOffers(String zoneId, long version) {
        if (version < 1) {
            return Mono.just(Optional.empty());
        }
        return db.sql("select max_offers from command.dispatch_policies where zone_id = :zone and version = :version")
                .bind("zone", zoneId)
                .bind("version", version)
                .map(row -> Optional.of(row.get("max_offers", Integer.class)))
                .one()
                .defaultIfEmpty(Optional.empty());
    }
}
