package io.dispatch.simulator.fleet;

import io.dispatch.simulator.trip.RiderDesk;
import io.dispatch.simulator.trip.RiderDesk.Reply;
import io.dispatch.simulator.trip.SimulatedRider;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Keeps the simulated riders eligible for the engine's offers (decisions.md §14: ON shift, with a
 * position younger than five minutes): at the start each goes ON shift and reports where it is;
 * then, every minute of real time, an idle rider reports again (a rider on a trip reports on the
 * way). A rider the service could not reach is tried again sooner. When the instance stops
 * leading, the riders go OFF shift, as far as the service still answers.
 */
final class Shifts {

    /** Well within the engine's five minutes, so one lost report does not cost a rider its offers. */
    static final Duration REPORT_EVERY = Duration.ofMinutes(1);

    /** After a failed call: the service may still be starting (the riders call this process's own port). */
    static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    private final TripRunner timers;

    Shifts(TripRunner timers) {
        this.timers = timers;
    }

    /** Puts {@code riders} on shift now and keeps them present until {@code desk} closes; {@code idle} says who carries nothing. */
    void start(RiderDesk desk, List<SimulatedRider> riders, Predicate<SimulatedRider> idle) {
        Set<UUID> onShift = new HashSet<>();
        timers.later(Duration.ZERO, () -> keepPresent(desk, riders, rider -> true, idle, onShift));
    }

    /** Closes the desk, so no timer of it calls again, and takes the riders OFF shift (best effort). */
    void stop(RiderDesk desk, List<SimulatedRider> riders) {
        desk.close();
        riders.forEach(rider -> desk.shift(rider, false));
    }

    /** One round; runs on one timer at a time, so {@code onShift} needs no lock. */
    private void keepPresent(
            RiderDesk desk,
            List<SimulatedRider> riders,
            Predicate<SimulatedRider> reportNow,
            Predicate<SimulatedRider> idle,
            Set<UUID> onShift) {
        if (!desk.open()) {
            return;
        }
        boolean allReached = true;
        for (SimulatedRider rider : riders) {
            if (!onShift.contains(rider.id())) {
                if (desk.shift(rider, true) != Reply.DONE) {
                    allReached = false;
                    continue;
                }
                onShift.add(rider.id());
            }
            if (reportNow.test(rider) && desk.reportPosition(rider) != Reply.DONE) {
                allReached = false;
            }
        }
        timers.later(allReached ? REPORT_EVERY : RETRY_AFTER, () -> keepPresent(desk, riders, idle, idle, onShift));
    }
}
