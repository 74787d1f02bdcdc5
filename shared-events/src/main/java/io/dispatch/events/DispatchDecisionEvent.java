package io.dispatch.events;

import java.util.UUID;

/**
 * The dispatch engine's decisions and the riders' answers to them (decisions.md §14), kept in the
 * delivery's own stream so that "why this rider" is a read of the log and a day can be replayed.
 * Like the PIN guard's events they are not status transitions: the status history has no entry
 * for them, merchants are never notified of them and tracking ignores them. What changes the
 * status is the {@link RiderAssigned} (or {@link RiderUnassigned}) appended beside them.
 */
public sealed interface DispatchDecisionEvent extends DispatchLifecycleEvent
        permits DispatchOffered,
                OfferAccepted,
                OfferDeclined,
                OfferExpired,
                OfferWithdrawn,
                RiderAutoAssigned,
                NoRiderFound,
                DeliveryPlanned {

    /** The rider the decision concerns; null for "nobody eligible". */
    UUID riderId();
}
