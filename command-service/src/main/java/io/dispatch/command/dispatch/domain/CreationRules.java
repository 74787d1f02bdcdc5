package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ServiceLevel;
import io.dispatch.events.DispatchCreated;
import java.time.Instant;

/**
 * What a creation records. The pick-up-by and deliver-by times are the ones the merchant gave, the
 * absent ones derived from the zone's service level, or none when there is neither; the targets
 * in seconds are what those times allow (the zone's targets when the zone set the times).
 */
final class CreationRules {

    private CreationRules() {}

    static DispatchCreated created(CreateDispatch command, Instant now) {
        DispatchOrder order = command.order();
        Instant pickupBy = order.targetPickupAt();
        Instant deliverBy = order.targetDeliveryAt();
        ServiceLevel targets = command.serviceLevel();
        if (targets != null) {
            if (pickupBy == null) {
                pickupBy = now.plusSeconds(targets.pickupSeconds());
            }
            if (deliverBy == null) {
                // Counted from creation, but never before the pick-up-by time: then the zone's gap after it.
                Instant fromNow = now.plusSeconds(targets.deliverySeconds());
                Instant fromPickup =
                        pickupBy.plusSeconds(Math.max(0, targets.deliverySeconds() - targets.pickupSeconds()));
                deliverBy = fromNow.isAfter(fromPickup) ? fromNow : fromPickup;
            }
        }
        return new DispatchCreated(
                command.dispatchId(),
                command.merchantId(),
                now,
                command.actor(),
                order.externalId(),
                order.customerName(),
                order.customerPhone(),
                order.pickup(),
                order.dropoff(),
                order.paymentType(),
                order.amountCents(),
                command.feeCents(),
                order.currency(),
                pickupBy,
                deliverBy,
                DispatchCreated.secondsFromCreation(now, pickupBy),
                DispatchCreated.secondsFromCreation(now, deliverBy),
                command.zoneId(),
                command.source(),
                command.trackingToken(),
                command.deliveryPin(),
                command.dispatchPolicy());
    }
}
