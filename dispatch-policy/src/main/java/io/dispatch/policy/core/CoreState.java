package io.dispatch.policy.core;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.UUID;

/**
 * What the core knows: deliveries, riders, zones' policies and travel, open offers by expiry, pending decisions and
 * the core's time ({@link Evolution} folds facts into it). Maps keep the order facts arrived in, so a core fed the
 * same facts iterates, and therefore decides, in the same order.
 */
final class CoreState {

    final CoreConfig config;
    final Map<UUID, DeliveryState> deliveries = new LinkedHashMap<>();
    final Map<UUID, RiderState> riders = new LinkedHashMap<>();
    final Map<String, Policy> policies = new HashMap<>();
    final Map<String, TravelModel> travel = new HashMap<>();
    final NavigableSet<OpenOffer> offersByExpiry =
            new TreeSet<>(Comparator.comparing(OpenOffer::expiresAt).thenComparing(OpenOffer::offerId));
    final PendingDecisions pending = new PendingDecisions();
    Instant now = Instant.EPOCH;

    CoreState(CoreConfig config) {
        this.config = config;
    }

    Policy policyOf(String zoneId) {
        Policy own = policies.get(zoneId);
        if (own != null) {
            return own;
        }
        return policies.getOrDefault(Policy.DEFAULT_ZONE, Policy.defaults(Policy.DEFAULT_ZONE));
    }

    TravelModel travelOf(String zoneId) {
        TravelModel own = travel.get(zoneId);
        return own != null ? own : travel.getOrDefault(Policy.DEFAULT_ZONE, config.defaultTravel());
    }

    void advanceTo(Instant instant) {
        if (instant.isAfter(now)) {
            now = instant;
        }
    }

    /** Until when a decision made now stays pending ({@link CoreConfig#pendingTimeout()}). */
    Instant pendingDeadline() {
        return now.plus(config.pendingTimeout());
    }

    /** The rider, known from now on if it was not. */
    RiderState rider(UUID riderId) {
        return riders.computeIfAbsent(riderId, RiderState::new);
    }
}
