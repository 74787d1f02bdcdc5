package io.dispatch.logreport.report;

import io.dispatch.events.ActorType;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.WebhookAttemptRecorded;

/**
 * The transitions command-service's {@code Dispatch} aggregate allows, restated for events read
 * back from the log: NEW → ASSIGNED (again while ASSIGNED when an operator reassigns) → PICKED_UP
 * → IN_TRANSIT → DELIVERED; FAILED from any open status; CANCELLED from NEW; location updates
 * while a rider holds it; wrong PIN guesses while IN_TRANSIT; PIN resets while open;
 * the dispatch engine's decisions while NEW (plans and eta updates while a rider holds the delivery); back to NEW when
 * an automatically assigned rider declines.
 */
final class Lifecycle {

    private Lifecycle() {}

    /** The status after the event, as {@code DispatchView}'s fold has it; null when it changes none. */
    static DispatchStatus statusAfter(DispatchEvent event) {
        return switch (event) {
            case DispatchCreated e -> DispatchStatus.NEW;
            case RiderAssigned e -> DispatchStatus.ASSIGNED;
            case DispatchPickedUp e -> DispatchStatus.PICKED_UP;
            case DispatchDeparted e -> DispatchStatus.IN_TRANSIT;
            case DispatchDelivered e -> DispatchStatus.DELIVERED;
            case DispatchFailed e -> DispatchStatus.FAILED;
            case DispatchCancelled e -> DispatchStatus.CANCELLED;
            case RiderLocationUpdated e -> null;
            case DeliveryPinRejected e -> null;
            case DeliveryPinReset e -> null;
            case RiderUnassigned e -> DispatchStatus.NEW;
            case EtaUpdated e -> null;
            case DispatchDecisionEvent e -> null;
            case WebhookAttemptRecorded e -> null;
        };
    }

    /** Whether the aggregate could have emitted the event in status {@code from} (an open status). */
    static boolean allows(DispatchStatus from, DispatchEvent event) {
        return switch (event) {
            case DispatchCreated e -> false;
            case RiderAssigned e ->
                from == DispatchStatus.NEW
                        || (from == DispatchStatus.ASSIGNED
                                && e.actor() != null
                                && e.actor().type() == ActorType.OPERATOR);
            case DispatchPickedUp e -> from == DispatchStatus.ASSIGNED;
            case DispatchDeparted e -> from == DispatchStatus.PICKED_UP;
            case DispatchDelivered e -> from == DispatchStatus.IN_TRANSIT;
            case DispatchFailed e -> !from.isTerminal();
            case DispatchCancelled e -> from == DispatchStatus.NEW;
            case RiderLocationUpdated e ->
                from == DispatchStatus.ASSIGNED
                        || from == DispatchStatus.PICKED_UP
                        || from == DispatchStatus.IN_TRANSIT;
            case DeliveryPinRejected e -> from == DispatchStatus.IN_TRANSIT;
            case DeliveryPinReset e -> !from.isTerminal();
            case RiderUnassigned e -> from == DispatchStatus.ASSIGNED;
            // a plan places a delivery its rider holds (the insertion's comes just before its assignment)
            case DeliveryPlanned e -> !from.isTerminal();
            case EtaUpdated e ->
                from == DispatchStatus.ASSIGNED
                        || from == DispatchStatus.PICKED_UP
                        || from == DispatchStatus.IN_TRANSIT;
            case DispatchDecisionEvent e -> from == DispatchStatus.NEW;
            case WebhookAttemptRecorded e -> true;
        };
    }
}
