package io.dispatch.events.view;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.FailureReason;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.WebhookAttemptRecorded;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The full state of one delivery, folded from its lifecycle events. Every read model and the
 * audit re-fold share this one fold, so they cannot disagree on what an event means.
 *
 * <p>Events are facts: {@link #apply} does not check transitions (the aggregate did before
 * emitting). It is idempotent: an envelope whose sequence is not above {@link #sequence()} is a
 * redelivery and changes nothing.
 *
 * <p>{@code updatedAt} moves only with status-relevant changes. A location update sets {@link
 * #lastLocation()} and {@link #sequence()} but keeps {@code updatedAt}: it is the REST Delivery's
 * {@code updatedAt} and part of the webhook receivers' dedup key, which a rider reporting every
 * 20 seconds must not churn. The same holds for the PIN guard's events: {@link #pinGuesses()}
 * counts the wrong PIN guesses since the last reset (operators see it, merchants do not), and
 * neither a guess nor a reset moves {@code updatedAt}.
 *
 * <p>{@code estimatedPickupAt} and {@code estimatedDeliveryAt} are the route planner's estimates of the steps still
 * ahead (decisions.md §15, BATCHED only; null otherwise): a plan sets them without moving {@code updatedAt}, a pickup
 * clears the pickup's, and leaving the rider (unassigned, reassigned to another, failed, cancelled) clears both; a delivered one keeps its
 * last delivery estimate.
 *
 * <p>{@link #order()} is the merchant's order as the creation recorded it (the target times
 * filled in). Read models and the webhook dispatcher store the view as JSON; the order's fields
 * are written flat ({@link JsonUnwrapped}), as they were before it was a record of its own, so
 * stored views read as they are and queries on their fields ({@code body ->> 'targetDeliveryAt'})
 * keep working.
 */
public record DispatchView(
        UUID dispatchId,
        UUID merchantId,
        DispatchStatus status,
        UUID riderId,
        String zoneId,
        @JsonUnwrapped DispatchOrder order,
        long feeCents,
        String trackingToken,
        String deliveryPin,
        Source source,
        FailureReason failureReason,
        String failureDetail,
        String cancelReason,
        ProofOfDelivery proofOfDelivery,
        RiderPosition lastLocation,
        PinGuesses pinGuesses,
        Instant estimatedPickupAt,
        Instant estimatedDeliveryAt,
        Instant createdAt,
        Instant updatedAt,
        long sequence) {

    /** A view stored before the PIN guard existed has no {@code pinGuesses}: it had none. */
    public DispatchView {
        if (pinGuesses == null) {
            pinGuesses = PinGuesses.NONE;
        }
    }

    /** The view right after creation: status NEW, sequence of the creation envelope. */
    public static DispatchView created(EventEnvelope envelope) {
        if (!(envelope.event() instanceof DispatchCreated e)) {
            throw new IllegalArgumentException("a view starts from dispatch.created, not " + envelope.type());
        }
        return new DispatchView(
                e.dispatchId(),
                e.merchantId(),
                DispatchStatus.reachedBy(e),
                null,
                e.zoneId(),
                e.order(),
                e.feeCents(),
                e.trackingToken(),
                e.deliveryPin(),
                e.source(),
                null,
                null,
                null,
                null,
                null,
                PinGuesses.NONE,
                null,
                null,
                e.occurredAt(),
                e.occurredAt(),
                envelope.sequence());
    }

    /**
     * The state after {@code envelope}. Webhook attempts are ignored: their sequence counts
     * notification revisions, not the delivery's events.
     *
     * @throws IllegalArgumentException for another delivery's event, or a second creation
     */
    public DispatchView apply(EventEnvelope envelope) {
        if (envelope.event() instanceof WebhookAttemptRecorded) {
            return this;
        }
        if (!dispatchId.equals(envelope.event().dispatchId())) {
            throw new IllegalArgumentException(
                    "event of dispatch " + envelope.event().dispatchId() + " applied to " + dispatchId);
        }
        if (envelope.sequence() <= sequence) {
            return this;
        }
        DispatchViewBuilder next = new DispatchViewBuilder(this, envelope.sequence());
        switch (envelope.event()) {
            case DispatchCreated e ->
                throw new IllegalArgumentException(
                        "dispatch " + dispatchId + " created again at sequence " + envelope.sequence());
            case RiderAssigned e -> {
                next.transition(DispatchStatus.reachedBy(e), e.occurredAt()).rider(e.riderId());
                if (riderId != null && !riderId.equals(e.riderId())) {
                    next.estimates(null, null); // the last rider's plan is not the new one's
                }
            }
            case DispatchPickedUp e ->
                next.transition(DispatchStatus.reachedBy(e), e.occurredAt())
                        .rider(e.riderId())
                        .estimates(null, estimatedDeliveryAt);
            case DispatchDeparted e ->
                next.transition(DispatchStatus.reachedBy(e), e.occurredAt()).rider(e.riderId());
            case DispatchDelivered e ->
                next.transition(DispatchStatus.reachedBy(e), e.occurredAt())
                        .rider(e.riderId())
                        .proof(e.proof());
            case DispatchFailed e ->
                next.transition(DispatchStatus.reachedBy(e), e.occurredAt())
                        .failure(e.reasonCode(), e.detail())
                        .estimates(null, null);
            case DispatchCancelled e ->
                next.transition(DispatchStatus.reachedBy(e), e.occurredAt())
                        .cancellation(e.reason())
                        .estimates(null, null);
            case RiderLocationUpdated e ->
                next.location(new RiderPosition(e.latitude(), e.longitude(), e.recordedAt()));
            case DeliveryPinRejected e ->
                next.pinGuesses(new PinGuesses(
                        e.wrongGuesses(), e.occurredAt(), e.locked() ? e.occurredAt() : pinGuesses.lockedAt()));
            case DeliveryPinReset e -> next.pinGuesses(PinGuesses.NONE);
            case RiderUnassigned e ->
                next.transition(DispatchStatus.reachedBy(e), e.occurredAt())
                        .rider(null)
                        .estimates(null, null);
            case DeliveryPlanned e -> next.estimates(e.estimatedPickupAt(), e.estimatedDeliveryAt());
            case EtaUpdated e -> next.estimates(e.estimatedPickupAt(), e.estimatedDeliveryAt());
            case DispatchDecisionEvent e -> {
                // the engine's decisions change no field of the delivery; only its sequence moves on
            }
            case WebhookAttemptRecorded e -> {
                return this; // returned above; the sealed switch still needs the case
            }
        }
        return next.build();
    }

    /**
     * Folds one delivery's envelopes, in sequence order whatever the list order; empty when the
     * list holds no creation (e.g. only webhook attempts, or a stream read from the middle).
     */
    public static Optional<DispatchView> fold(List<EventEnvelope> envelopes) {
        List<EventEnvelope> ordered = envelopes.stream()
                .filter(envelope -> !(envelope.event() instanceof WebhookAttemptRecorded))
                .sorted(Comparator.comparingLong(EventEnvelope::sequence))
                .toList();
        Optional<EventEnvelope> creation = ordered.stream()
                .filter(envelope -> envelope.event() instanceof DispatchCreated)
                .findFirst();
        if (creation.isEmpty()) {
            return Optional.empty();
        }
        DispatchView view = created(creation.get());
        for (EventEnvelope envelope : ordered) {
            view = view.apply(envelope);
        }
        return Optional.of(view);
    }
}
