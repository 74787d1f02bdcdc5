package io.dispatch.logreport.scenario;

import io.dispatch.policy.core.Point;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Every rider's fixes, cut into runs: a run is a rider's fixes with no gap over {@link #FRESHNESS} between two in a
 * row, the engine's freshness rule ({@code dispatch.assign.max-position-age}): past it the engine no longer offers the
 * rider anything, so the rider counts as off shift.
 */
final class RiderFixes {

    static final Duration FRESHNESS = Duration.ofMinutes(5);

    /** One fix: when the device took it, and where. */
    record Fix(Instant at, Point point) {}

    /** One run of a rider's fixes, in time order. */
    record Run(UUID riderId, List<Fix> fixes) {
        Instant first() {
            return fixes.getFirst().at();
        }

        Instant last() {
            return fixes.getLast().at();
        }
    }

    private final Map<UUID, List<Fix>> byRider = new HashMap<>();
    long invalid;

    void add(UUID riderId, Instant at, double lat, double lng) {
        if (riderId == null || at == null) {
            invalid++;
            return;
        }
        Point point;
        try {
            point = new Point(lat, lng);
        } catch (IllegalArgumentException e) {
            invalid++;
            return;
        }
        byRider.computeIfAbsent(riderId, id -> new ArrayList<>()).add(new Fix(at, point));
    }

    /** Every rider's runs that overlap {@code [from, until]}, each rider's in time order. */
    Map<UUID, List<Run>> runs(Instant from, Instant until) {
        Map<UUID, List<Run>> runs = new HashMap<>();
        byRider.forEach((rider, fixes) -> {
            fixes.sort(Comparator.comparing(Fix::at));
            int start = 0;
            for (int i = 1; i <= fixes.size(); i++) {
                if (i == fixes.size()
                        || Duration.between(fixes.get(i - 1).at(), fixes.get(i).at())
                                        .compareTo(FRESHNESS)
                                > 0) {
                    Run run = new Run(rider, List.copyOf(fixes.subList(start, i)));
                    if (!run.last().isBefore(from) && !run.first().isAfter(until)) {
                        runs.computeIfAbsent(rider, id -> new ArrayList<>()).add(run);
                    }
                    start = i;
                }
            }
        });
        return runs;
    }
}
