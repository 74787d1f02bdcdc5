package io.dispatch.policy.core;

import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.Relocation;
import io.dispatch.planner.RouteSolver;
import io.dispatch.planner.RouteSolvers;
import io.dispatch.planner.SolveBudget;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * What the engine's thread spends on one BATCHED delivery (decisions.md §15, issue 34's target: p99 under 50 ms with
 * 200 riders): the core's whole decision, from the DeliveryOpened fact to its decisions, riders holding two
 * deliveries each on planned routes; then the cost of the background improvement's moves between riders on that
 * state. Run by bench/batched-insertion.sh; not a test.
 */
public final class BatchedInsertionBench {

    private BatchedInsertionBench() {}

    public static void main(String[] args) {
        int riders = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int held = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
        Random random = new Random(34);
        Instant t0 = Instant.parse("2026-11-27T09:00:00Z");
        DispatchCore core = new DispatchCore(CoreConfig.defaults());
        core.apply(new Fact.PolicyChanged(
                new Policy(
                        Policy.DEFAULT_ZONE, Mode.BATCHED, Duration.ofSeconds(30), 5, 5000, Fallback.OPERATOR_QUEUE, 1),
                t0));
        Point hub = new Point(-1.2921, 36.8219);
        List<UUID> riderIds = new ArrayList<>();
        for (int i = 0; i < riders; i++) {
            UUID rider = new UUID(1, i);
            riderIds.add(rider);
            core.apply(new Fact.RiderShift(rider, true, false, held + 2, t0));
            core.apply(new Fact.RiderPosition(rider, around(hub, random, 5000), t0));
        }
        Instant now = t0.plusSeconds(1);
        long sequence = 0;
        // every rider first gets `held` deliveries through the core's own insertions
        for (int i = 0; i < riders * held; i++) {
            now = now.plusMillis(100);
            sequence++;
            carryOut(core, open(core, new UUID(2, sequence), hub, random, now), now);
        }
        long[] nanos = new long[rounds];
        for (int round = 0; round < rounds; round++) {
            now = now.plusMillis(100);
            sequence++;
            UUID id = new UUID(2, sequence);
            long started = System.nanoTime();
            List<Decision> decisions = core.apply(opened(id, hub, random, now));
            nanos[round] = System.nanoTime() - started;
            carryOut(core, decisions, now);
            core.apply(new Fact.Ended(id, now));
            for (UUID rider : riderIds.subList(0, 5)) {
                core.apply(new Fact.RiderPosition(rider, around(hub, random, 5000), now));
            }
        }
        // the first quarter warms the JIT up and is not counted
        long[] measured = Arrays.copyOfRange(nanos, rounds / 4, rounds);
        Arrays.sort(measured);
        System.out.printf(
                "{\"riders\":%d,\"heldEach\":%d,\"rounds\":%d,\"p50Millis\":%.2f,\"p99Millis\":%.2f,\"maxMillis\":%.2f}%n",
                riders,
                held,
                measured.length,
                measured[measured.length / 2] / 1e6,
                measured[(int) (measured.length * 0.99)] / 1e6,
                measured[measured.length - 1] / 1e6);
        relocationRounds(core);
    }

    /**
     * The background improvement's new first stage on the same state (ADR 0061): the zone's snapshot, then every
     * movable delivery tried on the other routes ({@code Relocation} with the routes left as they are after it), five
     * times; the live round then gives what is left of {@code dispatch.plan.reoptimize-budget} (PT2S) to the routes.
     */
    private static void relocationRounds(DispatchCore core) {
        RouteSolver relocationOnly =
                new Relocation((problem, start, budget) -> start, RouteSolvers.RELOCATION_MARGIN_SECONDS);
        long[] nanos = new long[5];
        int movable = 0;
        int moved = 0;
        for (int round = 0; round < nanos.length; round++) {
            long started = System.nanoTime();
            RouteSnapshot snapshot = core.routes(Policy.DEFAULT_ZONE).orElseThrow();
            PlanSolution after = relocationOnly.solve(
                    snapshot.problem(), snapshot.current(), new SolveBudget(null, Long.MAX_VALUE, 1));
            nanos[round] = System.nanoTime() - started;
            movable = snapshot.problem().jobs().size()
                    - (int) snapshot.problem().vehicles().stream()
                            .mapToLong(vehicle ->
                                    vehicle.pinned().size() + vehicle.onBoard().size())
                            .sum();
            moved = movedJobs(snapshot.current(), after);
        }
        Arrays.sort(nanos);
        System.out.printf(
                "{\"relocation\":{\"vehicles\":%d,\"movableJobs\":%d,\"moved\":%d,\"medianMillis\":%.1f,\"maxMillis\":%.1f}}%n",
                core.routes(Policy.DEFAULT_ZONE)
                        .orElseThrow()
                        .problem()
                        .vehicles()
                        .size(),
                movable,
                moved,
                nanos[nanos.length / 2] / 1e6,
                nanos[nanos.length - 1] / 1e6);
    }

    private static int movedJobs(PlanSolution before, PlanSolution after) {
        java.util.Map<String, String> vehicleOf = new java.util.HashMap<>();
        for (PlannedRoute route : before.routes()) {
            route.stops().forEach(stop -> vehicleOf.put(stop.jobId(), route.vehicleId()));
        }
        java.util.Set<String> moved = new java.util.HashSet<>();
        for (PlannedRoute route : after.routes()) {
            route.stops().stream()
                    .filter(stop -> !route.vehicleId().equals(vehicleOf.get(stop.jobId())))
                    .forEach(stop -> moved.add(stop.jobId()));
        }
        return moved.size();
    }

    private static List<Decision> open(DispatchCore core, UUID id, Point hub, Random random, Instant now) {
        return core.apply(opened(id, hub, random, now));
    }

    private static Fact.DeliveryOpened opened(UUID id, Point hub, Random random, Instant now) {
        return new Fact.DeliveryOpened(
                id,
                now,
                Policy.DEFAULT_ZONE,
                around(hub, random, 5000),
                null,
                false,
                null,
                around(hub, random, 5000),
                now.plusSeconds(2700));
    }

    /** Records what the aggregate would: the assignment and every plan. */
    private static void carryOut(DispatchCore core, List<Decision> decisions, Instant now) {
        List<Fact> facts = new ArrayList<>();
        for (Decision decision : decisions) {
            if (decision instanceof Decision.AutoAssign assign) {
                facts.add(new Fact.Assigned(assign.dispatchId(), assign.riderId(), false, now));
                facts.add(new Fact.Planned(assign.dispatchId(), assign.riderId(), assign.plan(), now));
            } else if (decision instanceof Decision.Plan plan) {
                facts.add(new Fact.Planned(plan.dispatchId(), plan.riderId(), plan.spot(), now));
            }
        }
        core.applyAll(facts);
    }

    private static Point around(Point hub, Random random, double meters) {
        double dLat = (random.nextDouble() * 2 - 1) * meters / 111_320.0;
        double dLng = (random.nextDouble() * 2 - 1) * meters / (111_320.0 * Math.cos(Math.toRadians(hub.lat())));
        return new Point(hub.lat() + dLat, hub.lng() + dLng);
    }
}
