package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.events.ActorType;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderUnassigned;
import java.util.UUID;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateLifecycle;

/**
 * Where one delivery stands, as its events left it: whose it is, its status, the rider who holds it
 * and how, and its {@link DeliveryEstimates}. A member of the {@link Dispatch} aggregate that every
 * other member reads; only its own event sourcing handlers change it, and it decides nothing.
 */
final class DispatchState {

    static final String MANUAL = "MANUAL";

    private UUID dispatchId;
    private UUID merchantId;
    private DispatchStatus status;
    private UUID riderId;
    private String mode = MANUAL;
    private boolean automaticallyAssigned;
    private final DeliveryEstimates estimates = new DeliveryEstimates();

    UUID dispatchId() {
        return dispatchId;
    }

    UUID merchantId() {
        return merchantId;
    }

    DispatchStatus status() {
        return status;
    }

    /** The rider who holds the delivery, or null while nobody does. */
    UUID riderId() {
        return riderId;
    }

    /** The mode of the delivery's dispatch policy; MANUAL when it was created without one. */
    String mode() {
        return mode;
    }

    /** Whether the engine assigned the holding rider (AUTO_ASSIGN, BATCHED) rather than an offer or an operator. */
    boolean automaticallyAssigned() {
        return automaticallyAssigned;
    }

    DeliveryEstimates estimates() {
        return estimates;
    }

    /**
     * A rider across the sandbox line is told the delivery does not exist (404), before any rule
     * that would say more about it (its status, who holds it).
     */
    void requireOnSameSide(SandboxLine line, UUID rider) {
        if (!line.sameSide(merchantId, rider)) {
            throw new NotFound();
        }
    }

    /** The sequence number of the last event applied, which every command handler after creation answers. */
    static long lastSequence() {
        return AggregateLifecycle.getVersion();
    }

    @EventSourcingHandler
    void on(DispatchCreated event) {
        dispatchId = event.dispatchId();
        merchantId = event.merchantId();
        status = DispatchStatus.reachedBy(event);
        mode = event.dispatchPolicy() == null ? MANUAL : event.dispatchPolicy().mode();
    }

    @EventSourcingHandler
    void on(RiderAssigned event) {
        status = DispatchStatus.reachedBy(event);
        if (riderId != null && !riderId.equals(event.riderId())) {
            estimates.cleared(); // the last rider's plan is not the new one's
        }
        riderId = event.riderId();
        automaticallyAssigned = event.actor().type() == ActorType.SYSTEM;
        estimates.told();
    }

    @EventSourcingHandler
    void on(RiderUnassigned event) {
        status = DispatchStatus.reachedBy(event);
        riderId = null;
        automaticallyAssigned = false;
        estimates.cleared();
    }

    @EventSourcingHandler
    void on(DeliveryPlanned event) {
        estimates.on(event);
    }

    @EventSourcingHandler
    void on(EtaUpdated event) {
        estimates.on(event);
    }

    /**
     * The events that only move the status. Axon calls the most specific handler of an event, so
     * the creation and assignments above set theirs; {@link DispatchStatus#after} is the one mapping.
     */
    @EventSourcingHandler
    void on(DispatchLifecycleEvent event) {
        DispatchStatus.after(event).ifPresent(next -> status = next);
        switch (event) {
            case DispatchPickedUp e -> estimates.pickedUp();
            case DispatchFailed e -> estimates.cleared();
            case DispatchCancelled e -> estimates.cleared();
            case DispatchDeparted e -> estimates.told();
            default -> {
                // the estimates stay as they are
            }
        }
    }
}
