package io.dispatch.policy.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The decision core of automatic dispatch: facts and clock ticks in, decisions out. No I/O, no wall clock, no
 * threads, no randomness, so the same code runs live, in tests with a fixed clock and in the simulator, and a fresh
 * core fed the same facts in the same order reaches the same state and makes the same decisions.
 *
 * <p>Not thread-safe: one caller at a time (the engine feeds it from one consumer thread). Time only moves forward:
 * a fact or tick earlier than one seen before is applied at the later time.
 *
 * <p>Replaying the log after a restart: apply every fact and drop the decisions returned on the way (their facts are
 * in the log if they took effect), then call {@link #tick(Instant)} with the real time. Decisions still pending
 * are made again once {@link CoreConfig#pendingTimeout()} has passed since they were made, and offers whose expiry
 * passed while nothing ticked expire, once.
 */
public final class DispatchCore {

    private final CoreState state;
    private final Evolution evolution;
    private final Decider decider;
    private final RoutePlanning planning;

    public DispatchCore(CoreConfig config) {
        this(config, PlanningConfig.defaults());
    }

    public DispatchCore(CoreConfig config, PlanningConfig planningConfig) {
        this.state = new CoreState(config);
        this.evolution = new Evolution(state);
        this.planning = new RoutePlanning(state, planningConfig);
        this.decider = new Decider(state, planning);
    }

    /** BATCHED: the zones whose deliveries riders now carry on planned routes. */
    public List<String> zonesWithRoutes() {
        return planning.zonesWithRoutes();
    }

    /**
     * BATCHED: the zone's routes now, for the background improvement (decisions.md §15, every {@code
     * dispatch.plan.reoptimize-interval}). Solve it anywhere (it is a copy), then hand the result to {@link
     * #improved}.
     */
    public Optional<RouteSnapshot> routes(String zoneId) {
        return planning.reoptimization(zoneId);
    }

    /**
     * A better solution of {@code snapshot}: plans for the deliveries whose place or times changed. A rider whose
     * deliveries changed since the snapshot (one was picked up, delivered, given back or added) keeps the route
     * the core has and waits for the next round.
     */
    public List<Decision> improved(RouteSnapshot snapshot, io.dispatch.planner.PlanSolution better) {
        return planning.improved(snapshot, better);
    }

    public List<Decision> apply(Fact fact) {
        state.advanceTo(fact.at());
        boolean mayDecide = evolution.evolve(fact);
        return mayDecide ? decider.decide() : List.of();
    }

    /**
     * Applies facts that arrived together (one poll of the log) and decides once, after the last:
     * what they add up to, not each step on the way. A rider freed by a withdrawal is then not
     * offered the very delivery whose end came in the same append, and a busy log costs one
     * decision round per poll rather than one per record. Time is that of the latest fact.
     */
    public List<Decision> applyAll(List<Fact> facts) {
        boolean mayDecide = false;
        for (Fact fact : facts) {
            state.advanceTo(fact.at());
            mayDecide |= evolution.evolve(fact);
        }
        return mayDecide ? decider.decide() : List.of();
    }

    /** Expires offers whose time is up and retries decisions whose fact never came back. */
    public List<Decision> tick(Instant now) {
        state.advanceTo(now);
        List<Decision> decisions = new ArrayList<>();
        boolean retry = state.pending.dropOverdue(state.now);
        for (OpenOffer offer : state.offersByExpiry) {
            if (offer.expiresAt().isAfter(state.now)) {
                break;
            }
            if (!state.pending.offerEnding(offer.offerId())) {
                decisions.add(new Decision.Expire(offer.dispatchId(), offer.offerId(), offer.riderId()));
                state.pending.markOfferEnding(offer.offerId(), state.pendingDeadline());
            }
        }
        if (retry) {
            decisions.addAll(decider.decide());
        }
        return decisions;
    }

    /** When {@link #tick(Instant)} next has something to do: an offer's expiry or a pending decision's deadline. */
    public Optional<Instant> nextDueAt() {
        Instant next = state.pending.earliestDeadline().orElse(null);
        for (OpenOffer offer : state.offersByExpiry) {
            if (next != null && !offer.expiresAt().isBefore(next)) {
                break;
            }
            if (!state.pending.offerEnding(offer.offerId())) {
                next = offer.expiresAt();
                break;
            }
        }
        return Optional.ofNullable(next);
    }

    /** The core's current time: the latest fact or tick it was given. */
    public Instant now() {
        return state.now;
    }

    public List<OpenOffer> openOffers(UUID dispatchId) {
        DeliveryState delivery = state.deliveries.get(dispatchId);
        return delivery == null ? List.of() : List.copyOf(delivery.openOffers.values());
    }

    /** NEW deliveries nobody holds, oldest first, with why they wait (the operator's queue). */
    public List<WaitingDelivery> waitingDeliveries() {
        List<WaitingDelivery> waiting = new ArrayList<>();
        for (DeliveryState delivery : state.deliveries.values()) {
            if (delivery.waiting()) {
                waiting.add(new WaitingDelivery(
                        delivery.dispatchId,
                        delivery.zoneId,
                        delivery.openedAt,
                        queueReason(delivery),
                        delivery.offersMade,
                        delivery.openOffers.size()));
            }
        }
        waiting.sort(Comparator.comparing(WaitingDelivery::openedAt).thenComparing(WaitingDelivery::dispatchId));
        return waiting;
    }

    private static QueueReason queueReason(DeliveryState delivery) {
        if (!delivery.policy.mode().automatic()) {
            return QueueReason.MANUAL;
        }
        return delivery.notedReason != null ? delivery.notedReason : QueueReason.WAITING_FOR_OFFER;
    }

    /** Every rider the core has heard of, in the order it first did. */
    public List<RiderView> riders() {
        return state.riders.keySet().stream()
                .map(this::rider)
                .flatMap(Optional::stream)
                .toList();
    }

    public Optional<RiderView> rider(UUID riderId) {
        RiderState rider = state.riders.get(riderId);
        if (rider == null) {
            return Optional.empty();
        }
        return Optional.of(new RiderView(
                rider.riderId,
                rider.onShift,
                rider.sandbox,
                rider.maxActive,
                rider.position,
                rider.positionAt,
                List.copyOf(rider.active),
                List.copyOf(rider.openOffers.values()),
                rider.eligible(state.now, state.config.maxPositionAge())));
    }

    /** The policy a delivery opened now in this zone would take. */
    public Policy policyOf(String zoneId) {
        return state.policyOf(zoneId);
    }

    /**
     * MANUAL's open list: the NEW deliveries under MANUAL (or BATCHED, until the planner exists) the rider may take,
     * nearest pickup first; empty for a rider who is not eligible. Deliveries without a pickup position come last.
     */
    public List<OpenDelivery> openDeliveriesFor(UUID riderId) {
        RiderState rider = state.riders.get(riderId);
        if (rider == null || !rider.eligible(state.now, state.config.maxPositionAge())) {
            return List.of();
        }
        List<OpenDelivery> open = new ArrayList<>();
        for (DeliveryState delivery : state.deliveries.values()) {
            if (delivery.waiting() && !delivery.policy.mode().automatic() && delivery.sandbox == rider.sandbox) {
                long meters = delivery.pickup == null
                        ? Long.MAX_VALUE
                        : Math.round(state.travelOf(delivery.zoneId).meters(rider.position, delivery.pickup));
                open.add(new OpenDelivery(delivery.dispatchId, meters));
            }
        }
        open.sort(Comparator.comparingLong(OpenDelivery::distanceMeters));
        return open;
    }
}
