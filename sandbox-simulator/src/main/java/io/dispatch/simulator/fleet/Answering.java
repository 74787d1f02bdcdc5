package io.dispatch.simulator.fleet;

import io.dispatch.events.DispatchOffered;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.status.OfferLog;
import io.dispatch.simulator.trip.RiderDesk;
import io.dispatch.simulator.trip.SimulatedRider;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * How a simulated rider answers the engine (decisions.md §14). An offer: once accept-after has
 * passed since it was made, declined with the decline share, else accepted and then carried; an
 * offer that is gone by then (expired, withdrawn, taken: 409) is counted and left. An automatic
 * assignment: kept and carried at once, or, with the same share, given back once accept-after
 * has passed. Every draw is a fixed function of ids ({@link RiderDesk#declines}), so tests know
 * the answer in advance.
 */
final class Answering {

    private final SimulatorProperties settings;
    private final TripRunner timers;
    private final Clock clock;
    private final OfferLog answers;

    Answering(SimulatorProperties settings, TripRunner timers, Clock clock, OfferLog answers) {
        this.settings = settings;
        this.timers = timers;
        this.clock = clock;
        this.answers = answers;
    }

    /** {@code carry} makes the accepted delivery the rider's work, as an assignment does. */
    void offered(RiderDesk desk, SimulatedRider rider, DispatchOffered offer, Runnable carry) {
        timers.later(untilAnswer(offer.occurredAt()), () -> {
            if (!desk.open()) {
                return;
            }
            if (RiderDesk.declines(offer.offerId(), settings.declineShare())) {
                count(desk.declineOffer(rider, offer.offerId()), answers::declined);
            } else if (count(desk.acceptOffer(rider, offer.offerId()), answers::accepted)) {
                carry.run();
            }
        });
    }

    /** The engine assigned the rider {@code dispatchId} at {@code assignedAt}; {@code carry} drives it. */
    void assigned(RiderDesk desk, SimulatedRider rider, UUID dispatchId, Instant assignedAt, Runnable carry) {
        if (!RiderDesk.givesBack(dispatchId, rider.id(), settings.declineShare())) {
            answers.kept();
            carry.run();
            return;
        }
        timers.later(untilAnswer(assignedAt), () -> {
            if (!desk.open()) {
                return;
            }
            if (!count(desk.giveBack(rider, dispatchId), answers::givenBack)) {
                // not given back (another assignment than AUTO_ASSIGN, or the service unreachable):
                // the rider carries it rather than leave it waiting; a trip ends at once if it is not the rider's
                carry.run();
            }
        });
    }

    /** Accept-after in real time, counted from when the engine decided, as for a new delivery. */
    private Duration untilAnswer(Instant decidedAt) {
        return settings.real(settings.acceptAfter()).minus(Duration.between(decidedAt, clock.instant()));
    }

    /** Counts the reply ({@code done} when it went through); answers whether it did. */
    private boolean count(RiderDesk.Reply reply, Runnable done) {
        switch (reply) {
            case DONE -> done.run();
            case GONE -> answers.gone();
            case FAILED -> answers.failed();
        }
        return reply == RiderDesk.Reply.DONE;
    }
}
