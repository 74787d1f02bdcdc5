package io.dispatch.events.view;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import io.dispatch.events.ProofOfDelivery;
import java.time.Instant;
import java.util.UUID;

/**
 * A mutable copy of the fields an event can change after creation, so each case of {@link
 * DispatchView#apply} names only what it changes instead of repeating a 21-argument constructor.
 */
final class DispatchViewBuilder {

    private final DispatchView base;
    private final long sequence;
    private DispatchStatus status;
    private UUID riderId;
    private FailureReason failureReason;
    private String failureDetail;
    private String cancelReason;
    private ProofOfDelivery proofOfDelivery;
    private RiderPosition lastLocation;
    private PinGuesses pinGuesses;
    private Instant estimatedPickupAt;
    private Instant estimatedDeliveryAt;
    private Instant updatedAt;

    DispatchViewBuilder(DispatchView base, long sequence) {
        this.base = base;
        this.sequence = sequence;
        this.status = base.status();
        this.riderId = base.riderId();
        this.failureReason = base.failureReason();
        this.failureDetail = base.failureDetail();
        this.cancelReason = base.cancelReason();
        this.proofOfDelivery = base.proofOfDelivery();
        this.lastLocation = base.lastLocation();
        this.pinGuesses = base.pinGuesses();
        this.estimatedPickupAt = base.estimatedPickupAt();
        this.estimatedDeliveryAt = base.estimatedDeliveryAt();
        this.updatedAt = base.updatedAt();
    }

    DispatchViewBuilder transition(DispatchStatus newStatus, Instant occurredAt) {
        this.status = newStatus;
        this.updatedAt = occurredAt;
        return this;
    }

    DispatchViewBuilder rider(UUID newRiderId) {
        this.riderId = newRiderId;
        return this;
    }

    DispatchViewBuilder proof(ProofOfDelivery proof) {
        this.proofOfDelivery = proof;
        return this;
    }

    DispatchViewBuilder failure(FailureReason reason, String detail) {
        this.failureReason = reason;
        this.failureDetail = detail;
        return this;
    }

    DispatchViewBuilder cancellation(String reason) {
        this.cancelReason = reason;
        return this;
    }

    DispatchViewBuilder location(RiderPosition position) {
        this.lastLocation = position;
        return this;
    }

    DispatchViewBuilder pinGuesses(PinGuesses guesses) {
        this.pinGuesses = guesses;
        return this;
    }

    DispatchViewBuilder estimates(Instant pickupAt, Instant deliveryAt) {
        this.estimatedPickupAt = pickupAt;
        this.estimatedDeliveryAt = deliveryAt;
        return this;
    }

    DispatchView build() {
        return new DispatchView(
                base.dispatchId(),
                base.merchantId(),
                status,
                riderId,
                base.zoneId(),
                base.order(),
                base.feeCents(),
                base.trackingToken(),
                base.deliveryPin(),
                base.source(),
                failureReason,
                failureDetail,
                cancelReason,
                proofOfDelivery,
                lastLocation,
                pinGuesses,
                estimatedPickupAt,
                estimatedDeliveryAt,
                base.createdAt(),
                updatedAt,
                sequence);
    }
}
