package io.dispatch.simulator.fleet;

import io.dispatch.events.DispatchOffered;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.status.OfferLog;
import io.dispatch.simulator.status.Status;
import io.dispatch.simulator.trip.RiderApi;
import io.dispatch.simulator.trip.RiderDesk;
import io.dispatch.simulator.trip.SimulatedRider;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The simulated riders' part in automatic dispatch (decisions.md §14), beside the fleet's
 * carrying: their shifts ({@link Shifts}) and their answers to the engine ({@link Answering}),
 * through one {@link RiderDesk} per start, closed when the instance stops leading.
 */
final class Dispatching {

    private final Shifts shifts;
    private final Answering answering;
    private final OfferLog answers = new OfferLog();
    private RiderDesk desk;
    private List<SimulatedRider> riders = List.of();

    Dispatching(SimulatorProperties settings, TripRunner timers, Clock clock) {
        this.shifts = new Shifts(timers);
        this.answering = new Answering(settings, timers, clock, answers);
    }

    /** The riders of a new start go on shift; {@code idle} tells who carries nothing. */
    synchronized void start(RiderApi api, List<SimulatedRider> starting, Predicate<SimulatedRider> idle) {
        if (desk != null) {
            // started again without a pause: the former riders' tokens are renewed, their timers must stop
            desk.close();
        }
        desk = new RiderDesk(api);
        riders = List.copyOf(starting);
        shifts.start(desk, riders, idle);
    }

    /** The riders go off shift (best effort); timers still due for them do nothing. */
    void stop() {
        RiderDesk closing;
        List<SimulatedRider> leaving;
        synchronized (this) {
            closing = desk;
            leaving = riders;
            desk = null;
            riders = List.of();
        }
        if (closing != null) {
            // outside the lock: HTTP calls, which a new start must not wait for
            shifts.stop(closing, leaving);
        }
    }

    /** An offer of the engine's; when to one of this start's riders, answered after accept-after. */
    void offered(DispatchOffered offer, Carry carry) {
        Optional<Addressee> to = addressee(offer.riderId());
        to.ifPresent(it -> answering.offered(
                it.desk(), it.rider(), offer, () -> carry.carry(offer.riderId(), offer.dispatchId())));
    }

    /** The engine's automatic assignment; when to one of this start's riders, carried or given back. */
    void assigned(UUID riderId, UUID dispatchId, Instant assignedAt, Carry carry) {
        Optional<Addressee> to = addressee(riderId);
        to.ifPresent(it -> answering.assigned(
                it.desk(), it.rider(), dispatchId, assignedAt, () -> carry.carry(riderId, dispatchId)));
    }

    /** One of this start's riders, with the desk it answers through. */
    private record Addressee(RiderDesk desk, SimulatedRider rider) {}

    /**
     * Looked up under this lock, answered outside it: carrying takes the fleet's lock, which the
     * fleet holds while it starts this.
     */
    private synchronized Optional<Addressee> addressee(UUID riderId) {
        return riders.stream()
                .filter(rider -> rider.id().equals(riderId))
                .findFirst()
                .map(rider -> new Addressee(desk, rider));
    }

    Status.OfferCounts counts() {
        return answers.counts();
    }

    /** Gives a rider a delivery it now holds to carry. */
    interface Carry {
        void carry(UUID riderId, UUID dispatchId);
    }
}
