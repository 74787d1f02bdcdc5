package io.dispatch.policy.sim;

import io.dispatch.planner.RouteSolver;
import io.dispatch.planner.RouteSolvers;
import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.DispatchCore;
import io.dispatch.policy.core.Fact;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.OpenDelivery;
import io.dispatch.policy.core.PlanningConfig;
import io.dispatch.policy.core.Policy;
import io.dispatch.policy.core.TravelModel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * A scenario day on a simulated clock. The simulation plays the riders and the aggregate: it carries out the
 * core's decisions (or, in MANUAL, the riders' own picks from the core's open list), turns them into facts and feeds
 * them back, as the live engine sees them come back from the log ({@link CoreFeed}); in BATCHED it also improves the
 * routes in the background ({@link RouteImprovement}).
 */
public final class Simulation {

    private static final long POSITION_REPORT_MILLIS = 60_000;

    final Scenario scenario;
    private final EventQueue queue = new EventQueue();
    private final CoreFeed coreFeed;
    private final RouteImprovement improvement;
    private final Random random;
    private final TravelModel travel;
    private final SimAggregate aggregate;
    private final List<SimOrder> orders = new ArrayList<>();
    private final List<SimRider> riders = new ArrayList<>();
    private final Map<UUID, SimRider> ridersById = new HashMap<>();
    private final long lastShiftEndMillis;
    private final Set<UUID> deliveredOnce = new HashSet<>();
    private final List<String> violations = new ArrayList<>();

    public Simulation(Scenario scenario, long seed, CoreConfig config) {
        this(scenario, seed, config, RouteSolvers.live());
    }

    /** With another solver for the background improvement (tests). */
    Simulation(Scenario scenario, long seed, CoreConfig config, RouteSolver solver) {
        this.scenario = scenario;
        PlanningConfig planning = PlanningConfig.defaults();
        DispatchCore core = new DispatchCore(
                config,
                new PlanningConfig(
                        scenario.pickupServiceSeconds(),
                        scenario.dropoffServiceSeconds(),
                        planning.replanSeconds(),
                        planning.stopInProgressMeters(),
                        planning.moveBetweenRiders()));
        this.coreFeed = new CoreFeed(this, core);
        this.improvement = new RouteImprovement(this, coreFeed, solver, seed);
        this.random = new Random(seed);
        this.travel = new TravelModel(scenario.detourFactor(), scenario.speedKmh());
        for (Scenario.Order order : scenario.orders()) {
            orders.add(new SimOrder(order, uuid("order:" + order.id())));
        }
        this.aggregate = new SimAggregate(this);
        long lastEnd = 0;
        for (Scenario.Rider rider : scenario.riders()) {
            SimRider simRider = new SimRider(rider, uuid("rider:" + rider.id()), this);
            riders.add(simRider);
            ridersById.put(simRider.riderId, simRider);
            lastEnd = Math.max(lastEnd, rider.offAt() * 1000);
        }
        this.lastShiftEndMillis = lastEnd;
    }

    public SimReport run() {
        return runDetailed().figures();
    }

    /** A simulated day's figures with every order's times. */
    public record Outcome(SimReport figures, List<OrderTimes> orders) {}

    /** Runs the day; answers its figures and its orders' times (for the figures per hour of a comparison). */
    public Outcome runDetailed() {
        long started = System.nanoTime();
        Instant start = scenario.startAt();
        feed(new Fact.PolicyChanged(scenario.policy(), start));
        feed(new Fact.ZoneTravel(Policy.DEFAULT_ZONE, travel, start));
        for (SimRider rider : riders) {
            queue.at(rider.rider.onAt() * 1000, () -> shift(rider, true));
            queue.at(rider.rider.offAt() * 1000, () -> shift(rider, false));
            if (scenario.policy().mode() == Mode.MANUAL) {
                long phase = (long) (random.nextDouble() * scenario.riderLookSeconds() * 1000);
                queue.at(rider.rider.onAt() * 1000 + phase, () -> look(rider));
            }
        }
        for (SimOrder order : orders) {
            queue.at(
                    order.order.placedAt() * 1000,
                    () -> feed(new Fact.DeliveryOpened(
                            order.dispatchId,
                            instant(order.order.placedAt() * 1000),
                            Policy.DEFAULT_ZONE,
                            order.order.pickup(),
                            instant(order.readyAtMillis()),
                            false,
                            null,
                            order.order.dropoff(),
                            instant((order.order.placedAt() + scenario.targetClickToDoorSeconds()) * 1000))));
        }
        queue.at(POSITION_REPORT_MILLIS, this::reportPositions);
        if (scenario.policy().mode() == Mode.BATCHED) {
            improvement.start();
        }
        while (queue.runNext()) {
            coreFeed.scheduleTick();
        }
        double wallSeconds = (System.nanoTime() - started) / 1e9;
        return new Outcome(
                Figures.of(scenario, orders, riders, aggregate.counts(), wallSeconds), Figures.times(orders));
    }

    /** Feeds a fact to the core and carries out what it decides ({@link CoreFeed}). */
    void feed(Fact fact) {
        coreFeed.feed(fact);
    }

    private void shift(SimRider rider, boolean on) {
        rider.onShift = on;
        Instant now = instant(queue.nowMillis());
        feed(new Fact.RiderShift(rider.riderId, on, false, rider.rider.maxActive(), now));
        if (on) {
            feed(new Fact.RiderPosition(rider.riderId, rider.positionAt(queue.nowMillis()), now));
        }
    }

    /** MANUAL: a rider with room looks at the open list every riderLookSeconds and takes the nearest order. */
    private void look(SimRider rider) {
        if (!rider.onShift) {
            return;
        }
        if (rider.held.isEmpty()) {
            List<OpenDelivery> open = coreFeed.core().openDeliveriesFor(rider.riderId);
            if (!open.isEmpty()) {
                aggregate.assign(aggregate.order(open.getFirst().dispatchId()), rider, false);
            }
        }
        queue.at(queue.nowMillis() + scenario.riderLookSeconds() * 1000L, () -> look(rider));
    }

    private void reportPositions() {
        Instant now = instant(queue.nowMillis());
        for (SimRider rider : riders) {
            if (rider.onShift) {
                feed(new Fact.RiderPosition(rider.riderId, rider.positionAt(queue.nowMillis()), now));
            }
        }
        if (queue.nowMillis() < lastShiftEndMillis) {
            queue.at(queue.nowMillis() + POSITION_REPORT_MILLIS, this::reportPositions);
        }
    }

    void pickedUp(SimOrder order, SimRider rider) {
        feed(new Fact.PickedUp(order.dispatchId, rider.riderId, instant(queue.nowMillis())));
    }

    void delivered(SimOrder order, SimRider rider) {
        if (!deliveredOnce.add(order.dispatchId)) {
            violation("order " + order.order.id() + " delivered twice");
        }
        Instant now = instant(queue.nowMillis());
        // the position first: the end frees the rider, and the core matches a free rider at once, from where it
        // last heard of it (a live rider's app has reported the drop-off's position by then)
        feed(new Fact.RiderPosition(rider.riderId, rider.positionAt(queue.nowMillis()), now));
        feed(new Fact.Ended(order.dispatchId, now));
    }

    /** Something the live aggregate would never let happen; a correct simulation has none. */
    void violation(String what) {
        violations.add(what);
    }

    public List<String> violations() {
        return List.copyOf(violations);
    }

    Instant instant(long millis) {
        return scenario.startAt().plusMillis(millis);
    }

    SimAggregate aggregate() {
        return aggregate;
    }

    long lastShiftEndMillis() {
        return lastShiftEndMillis;
    }

    EventQueue queue() {
        return queue;
    }

    TravelModel travel() {
        return travel;
    }

    Random random() {
        return random;
    }

    long pickupServiceMillis() {
        return scenario.pickupServiceSeconds() * 1000L;
    }

    long dropoffServiceMillis() {
        return scenario.dropoffServiceSeconds() * 1000L;
    }

    List<SimOrder> orders() {
        return orders;
    }

    List<SimRider> riders() {
        return riders;
    }

    SimRider rider(UUID riderId) {
        return ridersById.get(riderId);
    }

    static UUID uuid(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }
}
