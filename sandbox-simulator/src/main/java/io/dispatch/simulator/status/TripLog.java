package io.dispatch.simulator.status;

import io.dispatch.simulator.trip.TripView;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How trips ended: the last {@value #RECENT_TRIPS} of them and a count per outcome (and of accepted offers). */
public final class TripLog {

    private static final Logger log = LoggerFactory.getLogger(TripLog.class);
    static final int RECENT_TRIPS = 50;

    private final Deque<TripView> recent = new ArrayDeque<>();
    private final Map<String, Integer> counts = new HashMap<>();

    public synchronized void count(String what) {
        counts.merge(what, 1, Integer::sum);
    }

    /** A trip that ended; its stage is the outcome. */
    public synchronized void ended(TripView trip) {
        if (trip.stage().equals("DELIVERED") || trip.stage().equals("FAILED")) {
            log.info(
                    "{}: delivery {} {} ({}), {} location reports",
                    trip.riderName(),
                    trip.dispatchId(),
                    trip.stage(),
                    trip.detail(),
                    trip.locationReports());
        } else {
            log.info(
                    "{}: stopped driving delivery {}: {} ({})",
                    trip.riderName(),
                    trip.dispatchId(),
                    trip.stage(),
                    trip.detail());
        }
        recent.addFirst(trip);
        while (recent.size() > RECENT_TRIPS) {
            recent.removeLast();
        }
        count(trip.stage());
    }

    public synchronized Map<String, Integer> counts() {
        return Map.copyOf(counts);
    }

    public synchronized List<TripView> recent() {
        return List.copyOf(recent);
    }
}
