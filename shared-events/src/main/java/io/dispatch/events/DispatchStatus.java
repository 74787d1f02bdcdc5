package io.dispatch.events;

import java.util.Optional;

/** The lifecycle of a delivery; DELIVERED, FAILED and CANCELLED are end points. */
public enum DispatchStatus {
    NEW,
    ASSIGNED,
    PICKED_UP,
    IN_TRANSIT,
    DELIVERED,
    FAILED,
    CANCELLED;

    public boolean isTerminal() {
        return this == DELIVERED || this == FAILED || this == CANCELLED;
    }

    /**
     * The status an event leads to; empty for the events that change none (a rider's position, a
     * PIN guess or reset, a dispatch decision, a webhook attempt). The one statement of this mapping: the aggregate, the
     * read model, the tracking stream and the riders' workload all read it here, and a new
     * lifecycle event does not compile until it says what it leads to.
     */
    public static Optional<DispatchStatus> after(DispatchEvent event) {
        return Optional.ofNullable(
                switch (event) {
                    case DispatchCreated e -> NEW;
                    case RiderAssigned e -> ASSIGNED;
                    case DispatchPickedUp e -> PICKED_UP;
                    case DispatchDeparted e -> IN_TRANSIT;
                    case DispatchDelivered e -> DELIVERED;
                    case DispatchFailed e -> FAILED;
                    case DispatchCancelled e -> CANCELLED;
                    case RiderLocationUpdated e -> null;
                    case RiderUnassigned e -> NEW;
                    case DeliveryPinEvent e -> null;
                    case EtaUpdated e -> null;
                    case DispatchDecisionEvent e -> null;
                    case WebhookAttemptRecorded e -> null;
                });
    }

    /** {@link #after} for an event that does lead to a status. */
    public static DispatchStatus reachedBy(DispatchEvent event) {
        return after(event)
                .orElseThrow(
                        () -> new IllegalArgumentException(event.getClass().getSimpleName() + " changes no status"));
    }
}
