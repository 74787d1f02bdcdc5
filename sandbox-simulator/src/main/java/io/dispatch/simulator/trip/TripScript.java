package io.dispatch.simulator.trip;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import io.dispatch.events.GreatCircle;
import io.dispatch.events.Stop;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.trip.Deliveries.Delivery;
import io.dispatch.simulator.trip.RiderApi.Answer;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated rider's part, one step at a time: {@link #step} does what the trip's {@link Stage}
 * says through the rider API and moves it on by the answer. A refusal (the delivery was
 * cancelled, failed or reassigned) ends the trip; other trouble is tried again a few times. It
 * keeps no timer: the caller runs the next step when the answered wait has passed.
 */
public final class TripScript {

    private static final Logger log = LoggerFactory.getLogger(TripScript.class);
    static final Duration RETRY_WAIT = Duration.ofSeconds(2);
    static final int MAX_RETRIES = 5;
    /**
     * The deliveries are read from the log (the simulator's ledger), which may not yet show this
     * rider's own accept or assignment: a delivery still NEW (or unknown) is looked at again, this
     * often and this far apart, before the trip leaves it.
     */
    static final int CATCH_UP_LOOKS = 50;

    static final Duration CATCH_UP_WAIT = Duration.ofMillis(100);

    /**
     * A pickup farther than this from the rider (a sandbox merchant's test order in another city, or a test's zone
     * on another continent) is not ridden to: the rider is there at once, as no rider of the city would take it.
     */
    static final long FARTHEST_RIDE_TO_PICKUP_METERS = 50_000;

    private static final Set<DispatchStatus> HELD =
            EnumSet.of(DispatchStatus.ASSIGNED, DispatchStatus.PICKED_UP, DispatchStatus.IN_TRANSIT);

    /** One rider API call. */
    private interface Call {
        Answer send() throws IOException;
    }

    private final RiderApi api;
    private final Deliveries deliveries;
    private final SimulatorProperties settings;
    private final LongSupplier nanoTime;
    private final Runnable accepted;

    /** {@code nanoTime} measures the ride in real time; {@code accepted} is told of each accepted offer. */
    public TripScript(
            RiderApi api,
            Deliveries deliveries,
            SimulatorProperties settings,
            LongSupplier nanoTime,
            Runnable accepted) {
        this.api = api;
        this.deliveries = deliveries;
        this.settings = settings;
        this.nanoTime = nanoTime;
        this.accepted = accepted;
    }

    /** Does the trip's next step; answers how long until the one after (none once the trip has ended). */
    public Duration step(Trip trip) {
        String token = trip.rider().token();
        return switch (trip.stage()) {
            case ACCEPTING ->
                act(trip, "accept", () -> api.accept(token, trip.dispatchId()), () -> {
                    accepted.run();
                    return carryOn(trip);
                });
            case STARTING -> carryOn(trip);
            case TO_PICKUP -> move(trip);
            case AT_PICKUP ->
                act(
                        trip,
                        "pickup",
                        () -> api.pickup(token, trip.dispatchId()),
                        () -> trip.next(Stage.DEPARTING, Duration.ZERO));
            case DEPARTING ->
                act(
                        trip,
                        "depart",
                        () -> api.depart(token, trip.dispatchId()),
                        () -> ride(trip, point(trip.delivery.pickup())));
            case IN_TRANSIT -> move(trip);
            case AT_DROPOFF -> handOver(trip, token);
            default -> throw new IllegalStateException("the trip has ended: " + trip.stage());
        };
    }

    /** Goes on from wherever the delivery is. */
    private Duration carryOn(Trip trip) {
        Optional<Delivery> current = deliveries.current(trip.dispatchId());
        boolean held = current.isPresent()
                && trip.rider().id().equals(current.get().riderId())
                && HELD.contains(current.get().status());
        boolean behind = current.isEmpty() || current.get().status() == DispatchStatus.NEW;
        if (!held && behind && ++trip.retries <= CATCH_UP_LOOKS) {
            return trip.next(Stage.STARTING, CATCH_UP_WAIT);
        }
        trip.retries = 0;
        if (!held) {
            return ended(
                    trip,
                    Stage.LEFT,
                    "the delivery is " + current.map(d -> d.status().name()).orElse("unknown")
                            + " and not held by this rider");
        }
        Delivery delivery = current.get();
        trip.plan(delivery);
        log.info(
                "{} carries delivery {} ({}): {} m at {} km/h, a ride of {} s simulated, {} ms real at time scale {}",
                trip.rider().name(),
                trip.dispatchId(),
                delivery.status(),
                trip.distanceMeters,
                delivery.speedKmh(),
                trip.simulatedRide.toSeconds(),
                settings.realRide(trip.simulatedRide).toMillis(),
                settings.timeScale());
        return switch (delivery.status()) {
            case ASSIGNED -> toPickup(trip, trip.rider().lastPosition());
            case PICKED_UP -> trip.next(Stage.DEPARTING, Duration.ZERO);
            default -> ride(trip, trip.rider().lastPosition().or(() -> point(delivery.pickup())));
        };
    }

    /**
     * From where the rider is to the pickup, as the dispatch simulator's riders ride (decisions.md section 17: the
     * sandbox day and its replay share one travel model); a rider or a pickup with no known place is there at once.
     */
    private Duration toPickup(Trip trip, Optional<Route.Point> from) {
        Stop pickup = trip.delivery.pickup();
        if (from.isEmpty()
                || !pickup.hasCoordinates()
                || GreatCircle.distanceMeters(from.get().lat(), from.get().lng(), pickup.lat(), pickup.lng())
                        > FARTHEST_RIDE_TO_PICKUP_METERS) {
            return atPickup(trip);
        }
        return setOff(trip, from.get(), pickup, Stage.TO_PICKUP);
    }

    private Duration atPickup(Trip trip) {
        report(trip, point(trip.delivery.pickup()));
        return trip.next(Stage.AT_PICKUP, settings.real(settings.pickupTime()));
    }

    /** From {@code from} (or nowhere known) to the dropoff. */
    private Duration ride(Trip trip, Optional<Route.Point> from) {
        Stop dropoff = trip.delivery.dropoff();
        if (from.isEmpty() || !dropoff.hasCoordinates()) {
            trip.route = null;
            return trip.next(Stage.IN_TRANSIT, settings.realRide(trip.simulatedRide));
        }
        return setOff(trip, from.get(), dropoff, Stage.IN_TRANSIT);
    }

    /** Sets off in a straight line from {@code from} to {@code to}, by the zone's travel model, {@code riding}. */
    private Duration setOff(Trip trip, Route.Point from, Stop to, Stage riding) {
        trip.route = new Route(from.lat(), from.lng(), to.lat(), to.lng(), trip.delivery.straightLineKmh());
        trip.realRideNanos =
                Math.max(1, settings.realRide(trip.route.travelTime()).toNanos());
        trip.departedNanos = nanoTime.getAsLong();
        return trip.next(riding, Duration.ZERO);
    }

    /** One position on the line, interpolated from the real time elapsed, so a late tick does not slow the rider. */
    private Duration move(Trip trip) {
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

    private Duration arrive(Trip trip) {
        if (trip.stage() == Stage.TO_PICKUP) {
            return atPickup(trip);
        }
        report(trip, point(trip.delivery.dropoff()));
        return trip.next(Stage.AT_DROPOFF, settings.real(settings.handoverTime()));
    }

    private Duration handOver(Trip trip, String token) {
        if (DoorOutcome.failsAtTheDoor(trip.dispatchId(), settings.failShare())) {
            FailureReason reason = DoorOutcome.reason(trip.dispatchId());
            return act(
                    trip,
                    "fail",
                    () -> api.fail(token, trip.dispatchId(), reason, DoorOutcome.detail(reason)),
                    () -> ended(trip, Stage.FAILED, reason.name()));
        }
        // the platform plays the customer: the PIN comes from the delivery, never from the rider API
        Delivery delivery = trip.delivery;
        return act(
                trip,
                "deliver",
                () -> api.deliver(token, trip.dispatchId(), delivery.customerName(), delivery.pin()),
                () -> ended(trip, Stage.DELIVERED, "PIN proof"));
    }

    /** One rider action: on success {@code then}; a refusal ends the trip; other trouble is retried a few times. */
    private Duration act(Trip trip, String action, Call call, Supplier<Duration> then) {
        Answer answer = null;
        String trouble;
        try {
            answer = call.send();
            trouble = answer.status() + " " + answer.body();
        } catch (IOException e) {
            trouble = e.toString();
        }
        if (answer != null && answer.ok()) {
            trip.retries = 0;
            return then.get();
        } else if (answer != null && answer.refused()) {
            return ended(trip, Stage.INTERRUPTED, action + " answered " + trouble);
        } else if (++trip.retries > MAX_RETRIES) {
            return ended(trip, Stage.GAVE_UP, action + " kept failing: " + trouble);
        }
        log.warn(
                "{}: {} of delivery {} failed ({}), trying again in {} s",
                trip.rider().name(),
                action,
                trip.dispatchId(),
                trouble,
                RETRY_WAIT.toSeconds());
        return RETRY_WAIT;
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

    private static Duration ended(Trip trip, Stage outcome, String detail) {
        trip.end(outcome, detail);
        return Duration.ZERO;
    }

    private static Optional<Route.Point> point(Stop stop) {
        return stop.hasCoordinates() ? Optional.of(new Route.Point(stop.lat(), stop.lng())) : Optional.empty();
    }
}
