package io.dispatch.query.decision.projection;

import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import java.time.Instant;
import java.util.UUID;

/**
 * Where one delivery's dispatching stands, as a row of {@code dispatching} holds it: what its
 * creation fixed, its status, the dispatching so far (the offers made, the reason nobody was
 * found) and the first time it was assigned, picked up and delivered (what the operator's queue and
 * figures read).
 *
 * @param sequence the last event of the delivery applied: older or repeated ones change nothing
 */
record DispatchingState(
        Delivery delivery, DispatchStatus status, Dispatching dispatching, Milestones milestones, long sequence) {

    /** What a delivery created before dispatching policies follows (decisions.md section 14). */
    static final DecisionPolicy BEFORE_POLICIES = new DecisionPolicy("default", "MANUAL", 0);

    /** What the delivery's creation fixed: it never changes after. */
    record Delivery(
            UUID dispatchId,
            UUID merchantId,
            String zoneId,
            DecisionPolicy createdPolicy,
            Instant createdAt,
            Instant targetPickupAt,
            Instant targetDeliveryAt) {}

    /**
     * The engine's decisions so far.
     *
     * @param decisionPolicy the policy of the latest decision that named one; answers to offers carry
     *     none of their own and are shown under it
     * @param lastReason the latest NoRiderFound's reason, until a later offer or automatic assignment
     */
    record Dispatching(DecisionPolicy decisionPolicy, int offersMade, String lastReason, Instant noRiderAt) {}

    /** The first time the delivery was assigned, picked up and delivered; null until it was. */
    record Milestones(Instant firstAssignedAt, Instant pickedUpAt, Instant deliveredAt) {}

    static DispatchingState created(EventEnvelope envelope, DispatchCreated created) {
        DecisionPolicy policy = created.dispatchPolicy() == null ? BEFORE_POLICIES : created.dispatchPolicy();
        Delivery delivery = new Delivery(
                created.dispatchId(),
                created.merchantId(),
                created.zoneId(),
                policy,
                created.occurredAt(),
                created.targetPickupAt(),
                created.targetDeliveryAt());
        return new DispatchingState(
                delivery,
                DispatchStatus.NEW,
                new Dispatching(policy, 0, null, null),
                new Milestones(null, null, null),
                envelope.sequence());
    }

    DispatchingState at(long next) {
        return new DispatchingState(delivery, status, dispatching, milestones, next);
    }

    DispatchingState status(DispatchStatus next) {
        return new DispatchingState(delivery, next, dispatching, milestones, sequence);
    }

    /** A decision under {@code policy} (null: it named none, the latest stays) with the queue's reason it leaves. */
    DispatchingState decided(DecisionPolicy policy, int offers, String reason, Instant noRider) {
        DecisionPolicy latest = policy == null ? dispatching.decisionPolicy() : policy;
        return new DispatchingState(
                delivery, status, new Dispatching(latest, offers, reason, noRider), milestones, sequence);
    }

    DispatchingState reached(Instant assigned, Instant pickedUp, Instant delivered) {
        return new DispatchingState(
                delivery, status, dispatching, new Milestones(assigned, pickedUp, delivered), sequence);
    }
}
