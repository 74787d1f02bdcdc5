package io.dispatch.command.dispatch.domain;

import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.EtaUpdated;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A delivery's planned estimates and what its merchant was last told of them (decisions.md §15): a plan that moves an
 * estimate by more than {@link #TOLD_CHANGE} from what the merchant last received, at least {@link #ETA_UPDATE_GAP}
 * after the last {@code dispatch.eta_updated}, earns a new one. Part of the {@link Dispatch} aggregate's
 * {@link DispatchState}, changed only by its event sourcing handlers, so the rule holds across instances and restarts.
 */
final class DeliveryEstimates {

    static final Duration TOLD_CHANGE = Duration.ofMinutes(5);
    static final Duration ETA_UPDATE_GAP = Duration.ofMinutes(5);

    private Instant pickupAt;
    private Instant deliveryAt;
    private Instant toldPickupAt;
    private Instant toldDeliveryAt;
    private Instant lastEtaUpdateAt;
    private PlannedStops plan;

    Instant pickupAt() {
        return pickupAt;
    }

    Instant deliveryAt() {
        return deliveryAt;
    }

    /** Whether {@code next} is the plan already recorded (a repeated decision). */
    boolean sameAs(PlannedStops next) {
        return plan != null
                && Objects.equals(plan.estimatedPickupAt(), next.estimatedPickupAt())
                && Objects.equals(plan.estimatedDeliveryAt(), next.estimatedDeliveryAt())
                && Objects.equals(plan.pickupStop(), next.pickupStop())
                && plan.dropoffStop() == next.dropoffStop()
                && plan.routeStops() == next.routeStops();
    }

    /** After the plan was applied: whether the merchant should now get {@code dispatch.eta_updated}. */
    boolean etaUpdateDue(Instant now) {
        boolean moved = movedFromTold(pickupAt, toldPickupAt) || movedFromTold(deliveryAt, toldDeliveryAt);
        return moved && (lastEtaUpdateAt == null || !now.isBefore(lastEtaUpdateAt.plus(ETA_UPDATE_GAP)));
    }

    private static boolean movedFromTold(Instant estimate, Instant told) {
        if (estimate == null) {
            return false;
        }
        return told == null || Duration.between(told, estimate).abs().compareTo(TOLD_CHANGE) > 0;
    }

    void on(DeliveryPlanned event) {
        plan = new PlannedStops(
                event.estimatedPickupAt(),
                event.estimatedDeliveryAt(),
                event.reason(),
                event.pickupStop(),
                event.dropoffStop(),
                event.routeStops(),
                event.addedSeconds());
        pickupAt = event.estimatedPickupAt();
        deliveryAt = event.estimatedDeliveryAt();
    }

    void on(EtaUpdated event) {
        lastEtaUpdateAt = event.occurredAt();
        told();
    }

    /** A webhook carrying the current estimates went out (every notified lifecycle event carries them). */
    void told() {
        toldPickupAt = pickupAt;
        toldDeliveryAt = deliveryAt;
    }

    /** Picked up: the pickup estimate is history. */
    void pickedUp() {
        pickupAt = null;
        if (plan != null) {
            plan = new PlannedStops(
                    null,
                    plan.estimatedDeliveryAt(),
                    plan.reason(),
                    null,
                    plan.dropoffStop(),
                    plan.routeStops(),
                    plan.addedSeconds());
        }
        told();
    }

    /** The rider let go of the delivery (unassigned, failed, cancelled): no plan, nothing estimated. */
    void cleared() {
        pickupAt = null;
        deliveryAt = null;
        plan = null;
        told();
    }
}
