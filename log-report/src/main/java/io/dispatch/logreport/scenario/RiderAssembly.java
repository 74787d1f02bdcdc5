package io.dispatch.logreport.scenario;

import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.TravelModel;
import io.dispatch.policy.sim.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The scenario's riders from their runs of fixes, and what they actually rode: one scenario rider per run that
 * overlaps the period's life ({@code from} to the end of the last order's life), {@code <riderId>}, {@code
 * <riderId>#2}, ...; a rider who held one of the orders but has no such run is on shift from its first assignment, at
 * that order's pickup. The metres are the simulator's travel model over consecutive fixes.
 */
final class RiderAssembly {

    /** The riders, the metres they rode, their shift hours together, and who held orders with no fix. */
    record Riders(List<Scenario.Rider> riders, double meters, double shiftHours, List<UUID> withoutFixes) {}

    private RiderAssembly() {}

    static Riders of(OrderBook book, RiderFixes fixes, Instant from, Instant horizon, TravelModel travel) {
        Map<UUID, Integer> maxActive = maxActive(book.holdChanges);
        Map<UUID, List<RiderFixes.Run>> runs = fixes.runs(from, horizon);
        List<Scenario.Rider> riders = new ArrayList<>();
        double meters = 0;
        for (Map.Entry<UUID, List<RiderFixes.Run>> entry : runs.entrySet()) {
            int number = 0;
            for (RiderFixes.Run run : entry.getValue()) {
                number++;
                String id = entry.getKey() + (number == 1 ? "" : "#" + number);
                int start = startIndex(run, from);
                Point position = run.fixes().get(start).point();
                long onAt = seconds(from, run.first().isBefore(from) ? from : run.first());
                // a run still going at the horizon ends there: later fixes are not the period's
                Instant off = run.last().isBefore(horizon) ? run.last() : horizon;
                riders.add(new Scenario.Rider(
                        id,
                        position.lat(),
                        position.lng(),
                        onAt,
                        Math.max(onAt, seconds(from, off)),
                        maxActive.getOrDefault(entry.getKey(), 1)));
                meters += meters(run, start, horizon, travel);
            }
        }
        List<UUID> withoutFixes = new ArrayList<>();
        for (Map.Entry<UUID, HoldChange> first :
                firstAssignments(book.holdChanges).entrySet()) {
            UUID rider = first.getKey();
            if (runs.containsKey(rider)) {
                continue;
            }
            withoutFixes.add(rider);
            HoldChange assignment = first.getValue();
            long onAt = seconds(from, assignment.at());
            Instant lastEnd = book.holdChanges.stream()
                    .filter(change -> change.delta() > 0 && change.riderId().equals(rider))
                    .map(change -> change.order().end())
                    .max(Instant::compareTo)
                    .orElse(assignment.at());
            riders.add(new Scenario.Rider(
                    rider.toString(),
                    assignment.order().pickup.lat(),
                    assignment.order().pickup.lng(),
                    onAt,
                    Math.max(onAt, seconds(from, lastEnd)),
                    maxActive.getOrDefault(rider, 1)));
        }
        riders.sort(Comparator.comparingLong(Scenario.Rider::onAt).thenComparing(Scenario.Rider::id));
        double shiftHours = riders.stream()
                .mapToDouble(rider -> (rider.offAt() - rider.onAt()) / 3600.0)
                .sum();
        return new Riders(riders, meters, shiftHours, withoutFixes);
    }

    /** The run's position at the start of the period: its last fix by then, or its first when it starts later. */
    private static int startIndex(RiderFixes.Run run, Instant from) {
        int start = 0;
        List<RiderFixes.Fix> fixes = run.fixes();
        while (start + 1 < fixes.size() && !fixes.get(start + 1).at().isAfter(from)) {
            start++;
        }
        return start;
    }

    /** Great-circle metres x detour factor between consecutive fixes, from the start to the horizon. */
    private static double meters(RiderFixes.Run run, int start, Instant horizon, TravelModel travel) {
        double meters = 0;
        List<RiderFixes.Fix> fixes = run.fixes();
        for (int i = start + 1; i < fixes.size() && !fixes.get(i).at().isAfter(horizon); i++) {
            meters += travel.meters(fixes.get(i - 1).point(), fixes.get(i).point());
        }
        return meters;
    }

    /** The most of the scenario's orders each rider held at once; at equal times, releases count first. */
    static Map<UUID, Integer> maxActive(List<HoldChange> changes) {
        List<HoldChange> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparing(HoldChange::at).thenComparingInt(HoldChange::delta));
        Map<UUID, Integer> holding = new HashMap<>();
        Map<UUID, Integer> most = new HashMap<>();
        for (HoldChange change : ordered) {
            int now = holding.merge(change.riderId(), change.delta(), Integer::sum);
            most.merge(change.riderId(), Math.max(1, now), Math::max);
        }
        return most;
    }

    private static Map<UUID, HoldChange> firstAssignments(List<HoldChange> changes) {
        Map<UUID, HoldChange> first = new LinkedHashMap<>();
        changes.stream()
                .filter(change -> change.delta() > 0)
                .sorted(Comparator.comparing(HoldChange::at))
                .forEach(change -> first.putIfAbsent(change.riderId(), change));
        return first;
    }

    /** Whole seconds after {@code from}, rounded down, at least 0. */
    static long seconds(Instant from, Instant at) {
        return Math.max(0, Math.floorDiv(Duration.between(from, at).toMillis(), 1000));
    }
}
