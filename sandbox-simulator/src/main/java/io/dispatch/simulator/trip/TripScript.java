package io.dispatch.simulator.trip;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
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

    private static final Set<DispatchStatus> HELD =
            EnumSet.of(DispatchStatus.ASSIGNED, DispatchStatus.PICKED_UP, DispatchStatus.IN_TRANSIT);

    /** One rider API call. */
    private interface Call {
        Answer send() throws IOException;
    }

    private final RiderApi api;
    private final Deliveries deliveries;
    private final SimulatorProperties settings;
    private final TripRide ride;
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
        this.ride = new TripRide(api, settings, nanoTime);
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
            case TO_PICKUP -> ride.move(trip);
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
                        () -> ride.toDropoff(trip, TripRide.point(trip.delivery.pickup())));
            case IN_TRANSIT -> ride.move(trip);
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
            case ASSIGNED -> ride.toPickup(trip, trip.rider().lastPosition());
            case PICKED_UP -> trip.next(Stage.DEPARTING, Duration.ZERO);
            default -> ride.toDropoff(trip, trip.rider().lastPosition().or(() -> TripRide.point(delivery.pickup())));
        };
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

    private static Duration ended(Trip trip, Stage outcome, String detail) {
        trip.end(outcome, detail);
        return Duration.ZERO;
    }
}
