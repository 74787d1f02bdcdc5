package io.dispatch.query.decision;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One delivery's stream as command-service appends it, for the decisions tests: each method adds
 * the next event (sequence 0, 1, 2, ...) at the given time.
 */
public final class DecisionLog {

    public static final String RULE = "shortest-eta-then-fewest-active";

    public final UUID dispatchId = UUID.randomUUID();
    public final UUID merchantId;
    public final Instant createdAt;
    public final DecisionPolicy policy;
    private final List<EventEnvelope> events = new ArrayList<>();

    /** {@code policy} null: created before policies. Pickup in Nairobi, targets 30 and 60 minutes after creation. */
    public DecisionLog(UUID merchantId, Instant createdAt, DecisionPolicy policy, String zoneId) {
        this.merchantId = merchantId;
        this.createdAt = createdAt;
        this.policy = policy;
        add(new DispatchCreated(
                dispatchId,
                merchantId,
                createdAt,
                Actor.merchant(merchantId),
                new DispatchOrder(
                        "order-" + dispatchId,
                        "Amina",
                        "+254700000001",
                        new Stop("Kenyatta Ave 1", -1.28, 36.81, "gate B"),
                        new Stop("Ngong Rd 5", -1.3012, 36.7845, "flat 3"),
                        PaymentType.COD,
                        2500,
                        "KES",
                        createdAt.plusSeconds(1800),
                        createdAt.plusSeconds(3600)),
                25000,
                1800L,
                3600L,
                zoneId,
                Source.API,
                "tok-" + dispatchId,
                "1234",
                policy));
    }

    public static DecisionPolicy policy(String mode) {
        return new DecisionPolicy("nairobi-cbd", mode, 3);
    }

    public static List<DecisionCandidate> candidates(UUID... riders) {
        List<DecisionCandidate> candidates = new ArrayList<>();
        for (int i = 0; i < riders.length; i++) {
            candidates.add(new DecisionCandidate(riders[i], 120L + 60L * i, 800L + 400L * i, i, i + 1));
        }
        return candidates;
    }

    public UUID offered(UUID rider, Instant at, Instant expiresAt) {
        UUID offerId = UUID.randomUUID();
        add(new DispatchOffered(
                dispatchId,
                merchantId,
                at,
                Actor.system(),
                offerId,
                rider,
                expiresAt,
                policy,
                candidates(rider),
                RULE));
        return offerId;
    }

    public DecisionLog accepted(UUID offerId, UUID rider, Instant at) {
        add(new OfferAccepted(dispatchId, merchantId, at, Actor.rider(rider), offerId, rider));
        return assigned(rider, at, Actor.rider(rider));
    }

    public DecisionLog declined(UUID offerId, UUID rider, Instant at, String reason) {
        return add(new OfferDeclined(dispatchId, merchantId, at, Actor.rider(rider), offerId, rider, reason));
    }

    public DecisionLog expired(UUID offerId, UUID rider, Instant at) {
        return add(new OfferExpired(dispatchId, merchantId, at, Actor.system(), offerId, rider));
    }

    public DecisionLog withdrawn(UUID offerId, UUID rider, Instant at, String reason) {
        return add(new OfferWithdrawn(dispatchId, merchantId, at, Actor.system(), offerId, rider, reason));
    }

    public DecisionLog autoAssigned(UUID rider, Instant at, UUID... considered) {
        add(new RiderAutoAssigned(
                dispatchId, merchantId, at, Actor.system(), rider, policy, candidates(considered), RULE));
        return assigned(rider, at, Actor.system());
    }

    public DecisionLog unassigned(UUID rider, Instant at, String reason) {
        return add(new RiderUnassigned(dispatchId, merchantId, at, Actor.rider(rider), rider, reason));
    }

    public DecisionLog noRider(Instant at, String reason, UUID... considered) {
        return add(
                new NoRiderFound(dispatchId, merchantId, at, Actor.system(), reason, policy, candidates(considered)));
    }

    public DecisionLog assigned(UUID rider, Instant at, Actor actor) {
        return add(new RiderAssigned(dispatchId, merchantId, at, actor, rider, null));
    }

    public DecisionLog add(DispatchEvent event) {
        events.add(EventEnvelope.of(UUID.randomUUID(), events.size(), event));
        return this;
    }

    public List<EventEnvelope> events() {
        return List.copyOf(events);
    }
}
