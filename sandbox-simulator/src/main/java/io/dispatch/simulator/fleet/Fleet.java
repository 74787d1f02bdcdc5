package io.dispatch.simulator.fleet;

import io.dispatch.events.DispatchOffered;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.status.Status;
import io.dispatch.simulator.status.TripLog;
import io.dispatch.simulator.trip.Deliveries;
import io.dispatch.simulator.trip.RiderApi;
import io.dispatch.simulator.trip.SimulatedRider;
import io.dispatch.simulator.trip.Stage;
import io.dispatch.simulator.trip.Trip;
import io.dispatch.simulator.trip.TripScript;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who carries what: each simulated rider carries one delivery at a time, first those it holds
 * (after a restart, or an operator's assignment), then the oldest offer whose accept-after has
 * passed, or the engine's offers they accepted; they stay on shift while this instance leads
 * ({@link Dispatching}). While it does not lead, it has no riders and drives nothing.
 */
public final class Fleet implements Status.Source {

    private static final Logger log = LoggerFactory.getLogger(Fleet.class);

    private final SimulatorProperties settings;
    private final Supplier<List<SimulatedRider>> roster;
    private final Deliveries deliveries;
    private final TripRunner runner;
    private final Clock clock;
    private final TripLog trips = new TripLog();
    private final Object lock = new Object();
    private final List<Seat> seats = new ArrayList<>();
    private final Offers offers = new Offers();
    private final Map<UUID, Trip> active = new HashMap<>();
    private final Dispatching dispatching;
    private TripScript script;
    private String riderApi;

    /** {@code roster} gives the riders with fresh tokens, at each start ({@link Roster#ready}). */
    public Fleet(
            SimulatorProperties settings,
            Supplier<List<SimulatedRider>> roster,
            Deliveries deliveries,
            TripRunner runner,
            Clock clock) {
        this.settings = settings;
        this.roster = roster;
        this.deliveries = deliveries;
        this.runner = runner;
        this.clock = clock;
        this.dispatching = new Dispatching(settings, runner, clock);
    }

    /** This instance leads now: the riders get fresh tokens and carry on with what they hold. */
    public void start(RiderApi api) {
        List<Seat> ready = roster.get().stream().map(Seat::new).toList();
        ready.forEach(seat -> seat.held.addAll(deliveries.heldBy(seat.rider.id())));
        int carried = ready.stream().mapToInt(seat -> seat.held.size()).sum();
        synchronized (lock) {
            seats.clear();
            offers.forgetWaiting();
            seats.addAll(ready);
            script = new TripScript(api, deliveries, settings, System::nanoTime, () -> trips.count("accepted"));
            riderApi = api.baseUrl();
            dispatching.start(api, ready.stream().map(seat -> seat.rider).toList(), this::idle);
            startNext();
        }
        log.info(
                "Sandbox rider simulator on: {} riders, time scale {}, fail share {}, decline share {}, {} held "
                        + "deliveries to carry on; it takes deliveries of sandbox merchants only, through the rider API at {}",
                ready.size(),
                settings.timeScale(),
                settings.failShare(),
                settings.declineShare(),
                carried,
                api.baseUrl());
    }

    /** Leadership lost: forget the riders and stop their trips (another instance renews their tokens and carries on). */
    public void pause() {
        synchronized (lock) {
            active.values().forEach(trip -> trip.end(Stage.GAVE_UP, "this instance no longer runs the simulator"));
            active.clear();
            seats.clear();
            offers.forgetWaiting();
            script = null;
            riderApi = null;
        }
        dispatching.stop();
    }

    /** The engine offered a delivery: one of our riders answers it after accept-after. */
    public void offerMade(DispatchOffered offer) {
        dispatching.offered(offer, this::assigned);
    }

    /**
     * The engine assigned a delivery at once (AUTO_ASSIGN): one of our riders carries it or gives it
     * back; never one it carries already (the assignment read again after a restart).
     */
    public void assignedAutomatically(UUID riderId, UUID dispatchId, Instant assignedAt) {
        synchronized (lock) {
            if (active.containsKey(dispatchId) || seats.stream().anyMatch(seat -> seat.held.contains(dispatchId))) {
                return;
            }
        }
        dispatching.assigned(riderId, dispatchId, assignedAt, this::assigned);
    }

    /** A sandbox merchant's new delivery, to be taken once its accept-after has passed ({@link #due}). */
    public void offered(UUID dispatchId) {
        synchronized (lock) {
            offers.add(dispatchId);
        }
    }

    public void due(UUID dispatchId) {
        synchronized (lock) {
            if (offers.due(dispatchId)) {
                startNext();
            }
        }
    }

    /** The delivery left NEW: no simulated rider offers to take it any more. */
    public void taken(UUID dispatchId) {
        synchronized (lock) {
            offers.taken(dispatchId);
        }
    }

    /** A delivery was assigned to a rider; when an operator gave it to one of ours, it is driven like the others. */
    public void assigned(UUID riderId, UUID dispatchId) {
        synchronized (lock) {
            if (active.containsKey(dispatchId)) {
                return;
            }
            seats.stream()
                    .filter(seat -> seat.rider.id().equals(riderId) && !seat.held.contains(dispatchId))
                    .findFirst()
                    .ifPresent(seat -> {
                        seat.held.add(dispatchId);
                        startNext();
                    });
        }
    }

    /** Carries nothing and has nothing queued: it waits for work where it last reported. */
    private boolean idle(SimulatedRider rider) {
        synchronized (lock) {
            return seats.stream().anyMatch(seat -> seat.rider == rider && seat.current == null && seat.held.isEmpty());
        }
    }

    /** Gives free riders work: first what they hold, then the oldest waiting offer. Call with the lock held. */
    private void startNext() {
        if (script == null) {
            return;
        }
        for (Seat seat : seats) {
            if (seat.current != null) {
                continue;
            }
            UUID held = seat.held.poll();
            if (held != null) {
                begin(seat, new Trip(held, seat.rider, Stage.STARTING, clock.instant()));
            } else {
                offers.next()
                        .ifPresent(offer -> begin(seat, new Trip(offer, seat.rider, Stage.ACCEPTING, clock.instant())));
            }
        }
    }

    private void begin(Seat seat, Trip trip) {
        seat.current = trip;
        active.put(trip.dispatchId(), trip);
        runner.drive(trip, script, ended -> finished(seat, ended));
    }

    private void finished(Seat seat, Trip trip) {
        synchronized (lock) {
            trips.ended(trip.view(clock.instant()));
            if (active.remove(trip.dispatchId(), trip)) {
                seat.current = null;
                startNext();
            }
        }
    }

    @Override
    public Status status() {
        synchronized (lock) {
            return new Status(
                    true,
                    settings.riders(),
                    settings.timeScale(),
                    settings.failShare(),
                    settings.declineShare(),
                    riderApi,
                    seats.stream().map(Seat::view).toList(),
                    offers.waiting(),
                    trips.counts(),
                    dispatching.counts(),
                    active.values().stream().map(trip -> trip.view(null)).toList(),
                    trips.recent());
        }
    }
}
