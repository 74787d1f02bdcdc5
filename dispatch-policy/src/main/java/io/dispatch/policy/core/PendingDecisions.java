package io.dispatch.policy.core;

import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Decisions made whose fact has not come back yet. While one is pending the core does not decide the same thing
 * again; past its deadline the core assumes it was lost and may decide again (with the same offer id, so a
 * duplicate is refused by the aggregate).
 */
final class PendingDecisions {

    private record NoRiderPending(QueueReason reason, Instant deadline) {}

    private final Map<UUID, Map<UUID, Instant>> pairsByDelivery = new LinkedHashMap<>();
    private final Map<UUID, Integer> pairsByRider = new HashMap<>();
    private final Map<UUID, Instant> offerEndings = new LinkedHashMap<>();
    private final Map<UUID, NoRiderPending> noRiders = new LinkedHashMap<>();
    private final Map<UUID, PendingPlan> plans = new LinkedHashMap<>();

    private record PendingPlan(PlanSpot spot, Instant deadline) {}

    /** BATCHED: a plan decided for the delivery, until its Planned fact (or the deadline). */
    void markPlan(UUID dispatchId, PlanSpot spot, Instant deadline) {
        plans.put(dispatchId, new PendingPlan(spot, deadline));
    }

    boolean planPending(UUID dispatchId, PlanSpot spot) {
        PendingPlan pending = plans.get(dispatchId);
        return pending != null && pending.spot().equals(spot);
    }

    void clearPlan(UUID dispatchId) {
        plans.remove(dispatchId);
    }

    /** The riders a delivery's pending decisions went to (offers, automatic assignments). */
    java.util.Set<UUID> ridersPendingFor(UUID dispatchId) {
        Map<UUID, Instant> riders = pairsByDelivery.get(dispatchId);
        return riders == null ? java.util.Set.of() : riders.keySet();
    }

    int pendingCount(UUID riderId) {
        return pairsByRider.getOrDefault(riderId, 0);
    }

    void markPair(UUID dispatchId, UUID riderId, Instant deadline) {
        Map<UUID, Instant> riders = pairsByDelivery.computeIfAbsent(dispatchId, id -> new LinkedHashMap<>());
        if (riders.put(riderId, deadline) == null) {
            pairsByRider.merge(riderId, 1, Integer::sum);
        }
    }

    void clearPair(UUID dispatchId, UUID riderId) {
        Map<UUID, Instant> riders = pairsByDelivery.get(dispatchId);
        if (riders != null && riders.remove(riderId) != null) {
            decrementRider(riderId);
            if (riders.isEmpty()) {
                pairsByDelivery.remove(dispatchId);
            }
        }
    }

    void clearDelivery(UUID dispatchId) {
        Map<UUID, Instant> riders = pairsByDelivery.remove(dispatchId);
        if (riders != null) {
            riders.keySet().forEach(this::decrementRider);
        }
        noRiders.remove(dispatchId);
    }

    boolean deliveryPending(UUID dispatchId) {
        return pairsByDelivery.containsKey(dispatchId);
    }

    boolean pairPending(UUID dispatchId, UUID riderId) {
        Map<UUID, Instant> riders = pairsByDelivery.get(dispatchId);
        return riders != null && riders.containsKey(riderId);
    }

    boolean riderPending(UUID riderId) {
        return pairsByRider.containsKey(riderId);
    }

    void markOfferEnding(UUID offerId, Instant deadline) {
        offerEndings.put(offerId, deadline);
    }

    boolean offerEnding(UUID offerId) {
        return offerEndings.containsKey(offerId);
    }

    void clearOfferEnding(UUID offerId) {
        offerEndings.remove(offerId);
    }

    void markNoRider(UUID dispatchId, QueueReason reason, Instant deadline) {
        noRiders.put(dispatchId, new NoRiderPending(reason, deadline));
    }

    boolean noRiderPending(UUID dispatchId, QueueReason reason) {
        NoRiderPending pending = noRiders.get(dispatchId);
        return pending != null && pending.reason() == reason;
    }

    void clearNoRider(UUID dispatchId) {
        noRiders.remove(dispatchId);
    }

    /** Forgets every pending decision whose deadline is not after {@code now}; true when one was forgotten. */
    boolean dropOverdue(Instant now) {
        boolean dropped = false;
        for (Iterator<Map.Entry<UUID, Map<UUID, Instant>>> deliveries =
                        pairsByDelivery.entrySet().iterator();
                deliveries.hasNext(); ) {
            Map<UUID, Instant> riders = deliveries.next().getValue();
            for (Iterator<Map.Entry<UUID, Instant>> pairs = riders.entrySet().iterator(); pairs.hasNext(); ) {
                Map.Entry<UUID, Instant> pair = pairs.next();
                if (!pair.getValue().isAfter(now)) {
                    pairs.remove();
                    decrementRider(pair.getKey());
                    dropped = true;
                }
            }
            if (riders.isEmpty()) {
                deliveries.remove();
            }
        }
        dropped |= offerEndings.values().removeIf(deadline -> !deadline.isAfter(now));
        dropped |= noRiders.values().removeIf(pending -> !pending.deadline().isAfter(now));
        plans.values().removeIf(pending -> !pending.deadline().isAfter(now));
        return dropped;
    }

    Optional<Instant> earliestDeadline() {
        Instant earliest = null;
        for (Map<UUID, Instant> riders : pairsByDelivery.values()) {
            for (Instant deadline : riders.values()) {
                earliest = earlier(earliest, deadline);
            }
        }
        for (Instant deadline : offerEndings.values()) {
            earliest = earlier(earliest, deadline);
        }
        for (NoRiderPending pending : noRiders.values()) {
            earliest = earlier(earliest, pending.deadline());
        }
        return Optional.ofNullable(earliest);
    }

    private static Instant earlier(Instant current, Instant candidate) {
        return current == null || candidate.isBefore(current) ? candidate : current;
    }

    private void decrementRider(UUID riderId) {
        pairsByRider.computeIfPresent(riderId, (id, count) -> count == 1 ? null : count - 1);
    }
}
