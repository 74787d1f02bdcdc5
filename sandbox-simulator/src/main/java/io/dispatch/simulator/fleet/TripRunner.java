package io.dispatch.simulator.fleet;

import io.dispatch.simulator.trip.Stage;
import io.dispatch.simulator.trip.Trip;
import io.dispatch.simulator.trip.TripScript;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulator's timers: two threads run every trip's steps when they are due, so a rider
 * waiting costs no thread. A step that throws ends its trip instead of leaving the rider stuck.
 */
public final class TripRunner {

    private static final Logger log = LoggerFactory.getLogger(TripRunner.class);

    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(
            2, Thread.ofPlatform().daemon().name("sandbox-simulator-", 1).factory());

    /** Runs the trip's steps by its script from now on, then tells {@code finished}. */
    void drive(Trip trip, TripScript script, Consumer<Trip> finished) {
        schedule(trip, script, Duration.ZERO, finished);
    }

    /** Runs {@code task} once, {@code after} from now. */
    public void later(Duration after, Runnable task) {
        try {
            scheduler.schedule(task, Math.max(0, after.toNanos()), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            // stopping: nothing more is due
        }
    }

    public void stop() {
        scheduler.shutdownNow();
    }

    private void schedule(Trip trip, TripScript script, Duration after, Consumer<Trip> finished) {
        later(after, () -> {
            Duration next = Duration.ZERO;
            if (!trip.stage().ended()) {
                try {
                    next = script.step(trip);
                } catch (RuntimeException e) {
                    log.error("{}: delivery {} stopped at {}", trip.rider().name(), trip.dispatchId(), trip.stage(), e);
                    trip.end(Stage.GAVE_UP, e.toString());
                }
            }
            if (trip.stage().ended()) {
                finished.accept(trip);
            } else {
                schedule(trip, script, next, finished);
            }
        });
    }
}
