package io.dispatch.policy.core;

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
 * deliveries each on planned routes. Run by bench/batched-insertion.sh; not a test.
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
