package io.dispatch.query.decision.projection;

import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.EventEnvelope;
import io.dispatch.query.SqlArrays;
import io.dispatch.query.dispatch.projection.DispatchBatch;
import io.dispatch.query.dispatch.projection.LifecycleEvents;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.ObjectMapper;

/**
 * dispatch-events into {@code dispatching}, {@code dispatch_decisions} and {@code dispatch_offers},
 * a batch at a time: the batch's deliveries are read in one query, folded in memory ({@link
 * DecisionFold}) and written back with one statement per table. The live projection and the
 * rebuild both write through it, so their rows are the same by construction. Idempotent per
 * delivery: an event at or below its row's last applied sequence changes nothing, and only such a
 * fresh event adds a decision or opens or closes an offer.
 */
public final class DecisionBatch {

    private record Closure(String status, Instant closedAt) {}

    private final ObjectMapper json;
    private final DispatchingRows states;

    public DecisionBatch(ObjectMapper json) {
        this.json = json;
        this.states = new DispatchingRows(json);
    }

    /**
     * Applies the lifecycle events among {@code envelopes} (in log order) to {@code schema}'s tables
     * on this connection, in its transaction ({@code lock}: the batch's rows are read for update),
     * and answers what the figures count of them.
     */
    public List<DecisionOutcome> apply(
            Connection connection,
            String schema,
            List<EventEnvelope> envelopes,
            DispatchBatch.Skipped skipped,
            boolean lock)
            throws SQLException {
        Map<UUID, List<EventEnvelope>> byDispatch = LifecycleEvents.byDelivery(envelopes);
        if (byDispatch.isEmpty()) {
            return List.of();
        }
        Map<UUID, DispatchingState> current = states.current(connection, schema, byDispatch.keySet(), lock);
        Collected changes = new Collected();
        List<DispatchingState> changed = new ArrayList<>();
        for (var entry : byDispatch.entrySet()) {
            DispatchingState before = current.get(entry.getKey());
            DispatchingState state = before;
            for (EventEnvelope envelope : entry.getValue()) {
                if (state == null) {
                    if (envelope.event() instanceof DispatchCreated created) {
                        state = DispatchingState.created(envelope, created);
                        changes.outcome(
                                new DecisionOutcome(DecisionOutcome.Kind.CREATED, null, null, envelope.occurredAt()));
                    } else {
                        skipped.beforeCreation(envelope);
                    }
                } else if (envelope.sequence() > state.sequence()) {
                    state = DecisionFold.apply(state, envelope, changes);
                }
            }
            if (state != null && state != before) {
                changed.add(state);
            }
        }
        states.write(connection, schema, changed);
        changes.write(connection, schema);
        return changes.outcomes;
    }

    /** The decisions, offers and outcomes of one batch. */
    private final class Collected implements DecisionFold.Changes {

        private final SqlArrays decisions = new SqlArrays(9);
        private final SqlArrays offers = new SqlArrays(6);
        private final Map<UUID, Closure> closures = new LinkedHashMap<>();
        private final List<DecisionOutcome> outcomes = new ArrayList<>();

        @Override
        public void decision(
                EventEnvelope envelope,
                String type,
                UUID riderId,
                UUID offerId,
                String reason,
                DecisionPolicy policy,
                List<DecisionCandidate> candidates) {
            decisions.row(
                    envelope.dispatchId(),
                    envelope.sequence(),
                    type,
                    envelope.occurredAt(),
                    riderId,
                    offerId,
                    reason,
                    json.writeValueAsString(policy),
                    json.writeValueAsString(candidates == null ? List.of() : candidates));
        }

        @Override
        public void offerMade(DispatchOffered offer) {
            offers.row(
                    offer.offerId(),
                    offer.dispatchId(),
                    offer.riderId(),
                    "OPEN",
                    offer.occurredAt(),
                    offer.expiresAt());
        }

        @Override
        public void offerClosed(UUID offerId, String status, Instant closedAt) {
            closures.put(offerId, new Closure(status, closedAt));
        }

        @Override
        public void outcome(DecisionOutcome outcome) {
            outcomes.add(outcome);
        }

        void write(Connection connection, String schema) throws SQLException {
            decisions.execute(connection, """
            insert into %s.dispatch_decisions
              (dispatch_id, sequence, type, occurred_at, rider_id, offer_id, reason, policy, candidates)
            select * from unnest(?::uuid[], ?::bigint[], ?::text[], ?::timestamptz[], ?::uuid[], ?::uuid[], ?::text[],
                                 ?::jsonb[], ?::jsonb[])
            on conflict do nothing""".formatted(schema));
            offers.execute(connection, """
            insert into %s.dispatch_offers (offer_id, dispatch_id, rider_id, status, made_at, expires_at)
            select * from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::timestamptz[], ?::timestamptz[])
            on conflict do nothing""".formatted(schema));
            SqlArrays closed = new SqlArrays(3);
            closures.forEach((offerId, closure) -> closed.row(offerId, closure.status(), closure.closedAt()));
            // an offer is closed once: the fold only sees an event the first time it is applied
            closed.execute(connection, """
            update %1$s.dispatch_offers o set status = c.status, closed_at = c.closed_at
              from unnest(?::uuid[], ?::text[], ?::timestamptz[]) as c(offer_id, status, closed_at)
             where o.offer_id = c.offer_id and o.status = 'OPEN'""".formatted(schema));
        }
    }
}
