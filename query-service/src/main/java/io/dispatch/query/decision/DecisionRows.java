package io.dispatch.query.decision;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

/** A delivery's decisions over R2DBC, in the order of its stream. */
@Repository
public class DecisionRows {

    /** More than any policy makes for one delivery (at most 10 candidates an offer, a few offers). */
    static final int MOST = 10_000;

    private static final TypeReference<List<DecisionEntry.Candidate>> CANDIDATES = new TypeReference<>() {};

    private final DatabaseClient db;
    private final ObjectMapper json;

    public DecisionRows(DatabaseClient queryDatabaseClient, ObjectMapper json) {
        this.db = queryDatabaseClient;
        this.json = json;
    }

    public Flux<DecisionEntry> of(UUID dispatchId) {
        return db.sql("""
            select sequence, type, occurred_at, rider_id, offer_id, reason, policy::text as policy,
                   candidates::text as candidates
              from query.dispatch_decisions where dispatch_id = :id order by sequence limit :most""")
                .bind("id", dispatchId)
                .bind("most", MOST)
                .map(row -> new DecisionEntry(
                        row.get("sequence", Long.class),
                        row.get("type", String.class),
                        row.get("occurred_at", Instant.class),
                        row.get("rider_id", UUID.class),
                        row.get("offer_id", UUID.class),
                        row.get("reason", String.class),
                        json.readValue(row.get("policy", String.class), DecisionEntry.Policy.class),
                        json.readValue(row.get("candidates", String.class), CANDIDATES)))
                .all();
    }
}
