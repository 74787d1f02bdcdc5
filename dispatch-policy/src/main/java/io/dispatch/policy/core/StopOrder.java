package io.dispatch.policy.core;

import io.dispatch.planner.PlanJob;
import io.dispatch.planner.StopKind;
import io.dispatch.planner.StopRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order of a rider's stops as the core keeps it: by the times last planned for them (unplanned last), a pickup
 * before a drop-off at the same time, then by job id; a drop-off sorted before its own pickup (stale times) goes
 * right after it.
 */
final class StopOrder {

    /** A stop of the rider's route with the time planned for it, {@code null} when none was. */
    record Stop(PlanJob job, StopKind kind, Instant plannedAt) {

        int location() {
            return kind == StopKind.PICKUP ? job.pickup() : job.dropoff();
        }

        StopRef ref() {
            return new StopRef(job.id(), kind);
        }
    }

    private StopOrder() {}

    static List<Stop> of(List<Stop> stops) {
        List<Stop> sorted = new ArrayList<>(stops);
        sorted.sort(Comparator.comparing(Stop::plannedAt, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(stop -> stop.kind() == StopKind.DROPOFF)
                .thenComparing(stop -> stop.job().id()));
        return pickupsFirst(sorted);
    }

    private static List<Stop> pickupsFirst(List<Stop> stops) {
        List<Stop> ordered = new ArrayList<>();
        for (Stop stop : stops) {
            if (stop.kind() == StopKind.DROPOFF) {
                continue;
            }
            ordered.add(stop);
        }
        for (Stop stop : stops) {
            if (stop.kind() != StopKind.DROPOFF) {
                continue;
            }
            int pickup = -1;
            for (int i = 0; i < ordered.size(); i++) {
                if (ordered.get(i).job() == stop.job() && ordered.get(i).kind() == StopKind.PICKUP) {
                    pickup = i;
                }
            }
            int natural = naturalIndex(ordered, stop);
            ordered.add(Math.max(natural, pickup + 1), stop);
        }
        return ordered;
    }

    private static int naturalIndex(List<Stop> ordered, Stop stop) {
        if (stop.plannedAt() == null) {
            return ordered.size();
        }
        for (int i = 0; i < ordered.size(); i++) {
            Instant other = ordered.get(i).plannedAt();
            if (other == null || other.isAfter(stop.plannedAt())) {
                return i;
            }
        }
        return ordered.size();
    }
}
