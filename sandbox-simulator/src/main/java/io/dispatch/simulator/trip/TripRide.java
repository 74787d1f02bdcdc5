package io.dispatch.simulator.trip;

import io.dispatch.events.GreatCircle;
import io.dispatch.events.Stop;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.trip.RiderApi.Answer;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A trip's ride through space, for {@link TripScript}: from where the rider is to the pickup, then to the dropoff,
 * each a straight line by the zone's travel model, with the rider's positions reported to the rider API on the way.
 * The script says when to set off; this says where the rider is and how long until the next position.
 */
final class TripRide {

    private static final Logger log = LoggerFactory.getLogger(TripRide.class);

    /**
     * A pickup farther than this from the rider (a sandbox merchant's test order in another city, or a test's zone
     * on another continent) is not ridden to: the rider is there at once, as no rider of the city would take it.
     */
    static final long FARTHEST_RIDE_TO_PICKUP_METERS = 50_000;

    private final RiderApi api;
    private final SimulatorProperties settings;
    private final LongSupplier nanoTime;

    TripRide(RiderApi api, SimulatorProperties settings, LongSupplier nanoTime) {
        this.api = api;
        this.settings = settings;
        this.nanoTime = nanoTime;
    }

    /**
     * From where the rider is to the pickup, as the dispatch simulator's riders ride (decisions.md section 17: the
     * sandbox day and its replay share one travel model); a rider or a pickup with no known place is there at once.
     */
    Duration toPickup(Trip trip, Optional<Route.Point> from) {
        Stop pickup = trip.delivery.pickup();
        if (from.isEmpty()
                || !pickup.hasCoordinates()
                || GreatCircle.distanceMeters(from.get().lat(), from.get().lng(), pickup.lat(), pickup.lng())
                        > FARTHEST_RIDE_TO_PICKUP_METERS) {
            return atPickup(trip);
        }
        return setOff(trip, from.get(), pickup, Stage.TO_PICKUP);
    }

    /** From {@code from} (or nowhere known) to the dropoff. */
    Duration toDropoff(Trip trip, Optional<Route.Point> from) {
        Stop dropoff = trip.delivery.dropoff();
        if (from.isEmpty() || !dropoff.hasCoordinates()) {
            trip.route = null;
            return trip.next(Stage.IN_TRANSIT, settings.realRide(trip.simulatedRide));
        }
        return setOff(trip, from.get(), dropoff, Stage.IN_TRANSIT);
    }

    /** One position on the line, interpolated from the real time elapsed, so a late tick does not slow the rider. */
    Duration move(Trip trip) {
        if (trip.route == null) {
            return arrive(trip);
        }
        double fraction = (nanoTime.getAsLong() - trip.departedNanos) / (double) trip.realRideNanos;
        if (fraction >= 1) {
            return arrive(trip);
        }
        report(trip, Optional.of(trip.route.at(fraction)));
        long left = trip.realRideNanos - (nanoTime.getAsLong() - trip.departedNanos);
        return Duration.ofNanos(Math.max(0, Math.min(settings.locationInterval().toNanos(), left)));
    }

    /** The stop's place, when it has coordinates. */
    static Optional<Route.Point> point(Stop stop) {
        return stop.hasCoordinates() ? Optional.of(new Route.Point(stop.lat(), stop.lng())) : Optional.empty();
    }

    private Duration atPickup(Trip trip) {
        report(trip, point(trip.delivery.pickup()));
        return trip.next(Stage.AT_PICKUP, settings.real(settings.pickupTime()));
    }

    /** Sets off in a straight line from {@code from} to {@code to}, by the zone's travel model, {@code riding}. */
    private Duration setOff(Trip trip, Route.Point from, Stop to, Stage riding) {
        trip.route = new Route(from.lat(), from.lng(), to.lat(), to.lng(), trip.delivery.straightLineKmh());
        trip.realRideNanos =
                Math.max(1, settings.realRide(trip.route.travelTime()).toNanos());
        trip.departedNanos = nanoTime.getAsLong();
        return trip.next(riding, Duration.ZERO);
    }

    private Duration arrive(Trip trip) {
        if (trip.stage() == Stage.TO_PICKUP) {
            return atPickup(trip);
        }
        report(trip, point(trip.delivery.dropoff()));
        return trip.next(Stage.AT_DROPOFF, settings.real(settings.handoverTime()));
    }

    private void report(Trip trip, Optional<Route.Point> at) {
        if (at.isEmpty()) {
            return;
        }
        try {
            Answer answer =
                    api.location(trip.rider().token(), at.get().lat(), at.get().lng());
            if (answer.ok()) {
                trip.reported(at.get());
            } else {
                log.warn("{}: location report answered {}: {}", trip.rider().name(), answer.status(), answer.body());
            }
        } catch (IOException e) {
            log.warn("{}: location report failed: {}", trip.rider().name(), e.toString());
        }
    }
}
