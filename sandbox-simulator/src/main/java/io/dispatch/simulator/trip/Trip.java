package io.dispatch.simulator.trip;

import io.dispatch.simulator.trip.Deliveries.Delivery;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** One rider carrying one delivery: its stage and what the ride has learnt and done so far. */
public final class Trip {

    /** The ride when a stop has no coordinates: no line to follow, a fixed simulated time. */
    static final Duration RIDE_WITHOUT_COORDINATES = Duration.ofMinutes(10);

    private final UUID dispatchId;
    private final SimulatedRider rider;
    private final Instant startedAt;
    private volatile Stage stage;
    private volatile String detail;
    Delivery delivery;
    Long distanceMeters;
    Duration simulatedRide;
    Route route;
    long realRideNanos;
    long departedNanos;
    int retries;
    private volatile int locations;
    private volatile Route.Point lastReported;

    /** A trip that begins at {@code stage}: {@link Stage#ACCEPTING} an offer, or {@link Stage#STARTING} on a held delivery. */
    public Trip(UUID dispatchId, SimulatedRider rider, Stage stage, Instant startedAt) {
        this.dispatchId = dispatchId;
        this.rider = rider;
        this.stage = stage;
        this.startedAt = startedAt;
    }

    public UUID dispatchId() {
        return dispatchId;
    }

    public SimulatedRider rider() {
        return rider;
    }

    public Stage stage() {
        return stage;
    }

    /** Why it ended, once it has. */
    public String detail() {
        return detail;
    }

    public int locations() {
        return locations;
    }

    /** Learns the delivery and the ride it makes: the straight line at the zone's speed. */
    void plan(Delivery current) {
        delivery = current;
        if (current.pickup().hasCoordinates() && current.dropoff().hasCoordinates()) {
            Route planned = new Route(
                    current.pickup().lat(),
                    current.pickup().lng(),
                    current.dropoff().lat(),
                    current.dropoff().lng(),
                    current.straightLineKmh());
            distanceMeters = planned.distanceMeters();
            simulatedRide = planned.travelTime();
        } else {
            simulatedRide = RIDE_WITHOUT_COORDINATES;
        }
    }

    /** Moves on to {@code next}, which is due {@code after} from now. */
    Duration next(Stage next, Duration after) {
        stage = next;
        return after;
    }

    /** Ends the trip with an outcome, unless it has already ended; answers whether this call ended it. */
    public synchronized boolean end(Stage outcome, String why) {
        if (stage.ended()) {
            return false;
        }
        detail = why;
        stage = outcome;
        return true;
    }

    void reported(Route.Point at) {
        locations++;
        lastReported = at;
        rider.reported(at);
    }

    public TripView view(Instant endedAt) {
        return new TripView(
                dispatchId,
                rider.id(),
                rider.name(),
                stage.name(),
                distanceMeters,
                delivery == null ? null : delivery.speedKmh(),
                simulatedRide == null ? null : simulatedRide.toSeconds(),
                locations,
                lastReported,
                endedAt == null ? null : detail,
                startedAt,
                endedAt);
    }
}
