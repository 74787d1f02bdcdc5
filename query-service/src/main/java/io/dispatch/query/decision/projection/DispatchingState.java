package io.dispatch.query.decision.projection;

import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import java.time.Instant;
import java.util.UUID;

/**
 * Where one delivery's dispatching stands, as a row of {@code dispatching} holds it: the policy it
 * was created under, its status, the offers made, the reason nobody was found, and the first time
 * it was assigned, picked up and delivered (what the operator's queue and figures read).
 *
 * @param decisionPolicy the policy of the latest decision that named one; answers to offers carry
 *     none of their own and are shown under it
 * @param lastReason the latest NoRiderFound's reason, until a later offer or automatic assignment
 * @param sequence the last event of the delivery applied: older or repeated ones change nothing
 */
record DispatchingState(
        UUID dispatchId,
        UUID merchantId,
        String zoneId,
        DecisionPolicy createdPolicy,
        DecisionPolicy decisionPolicy,
        DispatchStatus status,
        Instant createdAt,
        Instant targetPickupAt,
        Instant targetDeliveryAt,
        int offersMade,
        String lastReason,
        Instant noRiderAt,
        Instant firstAssignedAt,
        Instant pickedUpAt,
        Instant deliveredAt,
        long sequence) {

    /** What a delivery created before dispatching policies follows (decisions.md section 14). */
    static final DecisionPolicy BEFORE_POLICIES = new DecisionPolicy("default", "MANUAL", 0);

    static DispatchingState created(EventEnvelope envelope, DispatchCreated created) {
        DecisionPolicy policy = created.dispatchPolicy() == null ? BEFORE_POLICIES : created.dispatchPolicy();
        return new DispatchingState(
                created.dispatchId(),
                created.merchantId(),
                created.zoneId(),
                policy,
                policy,
                DispatchStatus.NEW,
                created.occurredAt(),
                created.targetPickupAt(),
                created.targetDeliveryAt(),
                0,
                null,
                null,
                null,
                null,
                null,
                envelope.sequence());
    }

    DispatchingState at(long next) {
        return new DispatchingState(
                dispatchId,
                merchantId,
                zoneId,
                createdPolicy,
                decisionPolicy,
                status,
                createdAt,
                targetPickupAt,
                targetDeliveryAt,
                offersMade,
                lastReason,
                noRiderAt,
                firstAssignedAt,
                pickedUpAt,
                deliveredAt,
                next);
    }

    DispatchingState status(DispatchStatus next) {
        return new DispatchingState(
                dispatchId,
                merchantId,
                zoneId,
                createdPolicy,
                decisionPolicy,
                next,
                createdAt,
                targetPickupAt,
                targetDeliveryAt,
                offersMade,
                lastReason,
                noRiderAt,
                firstAssignedAt,
                pickedUpAt,
                deliveredAt,
                sequence);
    }

    /** A decision under {@code policy} (null: it named none, the latest stays) with the queue's reason it leaves. */
    DispatchingState decided(DecisionPolicy policy, int offers, String reason, Instant noRider) {
        return new DispatchingState(
                dispatchId,
                merchantId,
                zoneId,
                createdPolicy,
                policy == null ? decisionPolicy : policy,
                status,
                createdAt,
                targetPickupAt,
                targetDeliveryAt,
                offers,
                reason,
                noRider,
                firstAssignedAt,
                pickedUpAt,
                deliveredAt,
                sequence);
    }

    DispatchingState reached(Instant assigned, Instant pickedUp, Instant delivered) {
        return new DispatchingState(
                dispatchId,
                merchantId,
                zoneId,
                createdPolicy,
                decisionPolicy,
                status,
                createdAt,
                targetPickupAt,
                targetDeliveryAt,
                offersMade,
                lastReason,
                noRiderAt,
                assigned,
                pickedUp,
                delivered,
                sequence);
    }
}
