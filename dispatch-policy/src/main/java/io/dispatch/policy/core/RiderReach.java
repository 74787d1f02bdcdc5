package io.dispatch.policy.core;

import io.dispatch.policy.core.RiderRanking.Measured;
import java.util.ArrayList;
import java.util.List;

/**
 * Which riders a delivery may get: same sandbox, not excluded (declined, let an offer expire, gave it back), and
 * within the policy's radius by the zone's travel model.
 */
final class RiderReach {

    private final CoreState state;

    RiderReach(CoreState state) {
        this.state = state;
    }

    /** The eligible riders measured for the delivery; only those in radius when {@code withinRadius}. */
    List<Measured> considered(DeliveryState delivery, List<RiderState> eligible, boolean withinRadius) {
        TravelModel travel = state.travelOf(delivery.zoneId);
        List<Measured> considered = new ArrayList<>();
        for (RiderState rider : eligible) {
            if (rider.sandbox != delivery.sandbox || delivery.excluded.contains(rider.riderId)) {
                continue;
            }
            Measured measured = RiderRanking.measure(rider, delivery, travel);
            if (!withinRadius || RiderRanking.inRadius(measured, delivery)) {
                considered.add(measured);
            }
        }
        return considered;
    }

    /** The riders without an open offer who may take the delivery now: in radius, and empty or right by the pickup. */
    List<Measured> free(DeliveryState delivery, List<RiderState> unoffered) {
        TravelModel travel = state.travelOf(delivery.zoneId);
        List<Measured> free = new ArrayList<>();
        for (RiderState rider : unoffered) {
            if (rider.sandbox != delivery.sandbox || delivery.excluded.contains(rider.riderId)) {
                continue;
            }
            Measured measured = RiderRanking.measure(rider, delivery, travel);
            if (RiderRanking.inRadius(measured, delivery)
                    && (rider.active.isEmpty() || measured.seconds() <= state.config.busyRiderMaxEtaSeconds())) {
                free.add(measured);
            }
        }
        return free;
    }

    /** Whether no eligible rider (busy or not) is within the delivery's radius; stops at the first one that is. */
    boolean noneInRadius(DeliveryState delivery, List<RiderState> eligible) {
        TravelModel travel = state.travelOf(delivery.zoneId);
        for (RiderState rider : eligible) {
            if (mayReach(rider, delivery, travel)) {
                return false;
            }
        }
        return true;
    }

    /** Someone declined or let an offer expire, and no rider on shift within radius is left who has not. */
    boolean allDeclined(DeliveryState delivery) {
        if (delivery.excluded.isEmpty()) {
            return false;
        }
        TravelModel travel = state.travelOf(delivery.zoneId);
        for (RiderState rider : state.riders.values()) {
            if (rider.onShift && mayReach(rider, delivery, travel)) {
                return false;
            }
        }
        return true;
    }

    private static boolean mayReach(RiderState rider, DeliveryState delivery, TravelModel travel) {
        return rider.sandbox == delivery.sandbox
                && !delivery.excluded.contains(rider.riderId)
                && RiderRanking.inRadius(RiderRanking.measure(rider, delivery, travel), delivery);
    }
}
