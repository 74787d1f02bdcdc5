package io.dispatch.simulator.trip;

import io.dispatch.simulator.trip.RiderApi.Answer;
import java.io.IOException;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated rider's part in automatic dispatch (decisions.md §14) apart from carrying: going on
 * and off shift, reporting where it waits so that it stays eligible, answering the engine's offers
 * and giving back its automatic assignments. One desk per start of the simulator: the riders'
 * tokens are renewed at each start, so timers still due for a closed desk must do nothing.
 */
public final class RiderDesk {

    private static final Logger log = LoggerFactory.getLogger(RiderDesk.class);

    /** Where a rider that never reported waits: Nairobi's central business district. */
    static final Route.Point CENTRE = new Route.Point(-1.2864, 36.8172);

    /** How far riders spread around the centre, in degrees each way (about a kilometre): not all on one spot. */
    static final double SPREAD_DEGREES = 0.01;

    /** The reason a simulated rider gives, so operators reading decisions know who declined. */
    static final String REASON = "Sandbox simulator: the simulated rider declined";

    /** How a call went: done, refused because the offer or delivery moved on (a 4xx), or failed otherwise. */
    public enum Reply {
        DONE,
        GONE,
        FAILED
    }

    /** One rider API call. */
    private interface Call {
        Answer send() throws IOException;
    }

    private final RiderApi api;
    private volatile boolean open = true;

    public RiderDesk(RiderApi api) {
        this.api = api;
    }

    /** Whether this desk still answers for the riders: false once the instance stopped leading. */
    public boolean open() {
        return open;
    }

    public void close() {
        open = false;
    }

    public Reply shift(SimulatedRider rider, boolean on) {
        return send(rider, on ? "going on shift" : "going off shift", () -> api.shift(rider.token(), on));
    }

    /** Reports where the rider is: its last position, or a point near the centre of its own if it never reported. */
    public Reply reportPosition(SimulatedRider rider) {
        Route.Point at = rider.lastPosition().orElseGet(() -> nearTheCentre(rider.id()));
        Reply reply = send(rider, "reporting its position", () -> api.location(rider.token(), at.lat(), at.lng()));
        if (reply == Reply.DONE) {
            rider.reported(at);
        }
        return reply;
    }

    public Reply acceptOffer(SimulatedRider rider, UUID offerId) {
        return send(rider, "accepting offer " + offerId, () -> api.acceptOffer(rider.token(), offerId));
    }

    public Reply declineOffer(SimulatedRider rider, UUID offerId) {
        return send(rider, "declining offer " + offerId, () -> api.declineOffer(rider.token(), offerId, REASON));
    }

    public Reply giveBack(SimulatedRider rider, UUID dispatchId) {
        return send(rider, "giving back delivery " + dispatchId, () -> api.giveBack(rider.token(), dispatchId, REASON));
    }

    /** Whether the rider declines this offer when {@code share} of offers are declined: a fixed function of its id. */
    public static boolean declines(UUID offerId, double share) {
        return DoorOutcome.unitInterval(offerId) < share;
    }

    /**
     * Whether the rider gives back this automatic assignment. Drawn from the delivery and the rider
     * together: from the delivery alone, every simulated rider it goes to next would give it back
     * too, and the draw would match the one that fails it at the door.
     */
    public static boolean givesBack(UUID dispatchId, UUID riderId, double share) {
        UUID both = new UUID(
                dispatchId.getMostSignificantBits() ^ riderId.getLeastSignificantBits(),
                dispatchId.getLeastSignificantBits() ^ riderId.getMostSignificantBits());
        return DoorOutcome.unitInterval(both) < share;
    }

    /** The centre moved by two independent draws from the rider's id, so each rider waits on its own spot. */
    static Route.Point nearTheCentre(UUID riderId) {
        UUID swapped = new UUID(riderId.getLeastSignificantBits(), riderId.getMostSignificantBits());
        return new Route.Point(
                CENTRE.lat() + (DoorOutcome.unitInterval(riderId) * 2 - 1) * SPREAD_DEGREES,
                CENTRE.lng() + (DoorOutcome.unitInterval(swapped) * 2 - 1) * SPREAD_DEGREES);
    }

    private static Reply send(SimulatedRider rider, String what, Call call) {
        try {
            Answer answer = call.send();
            if (answer.ok()) {
                return Reply.DONE;
            }
            if (answer.refused()) {
                log.info("{}: {} answered {}: {}", rider.name(), what, answer.status(), answer.body());
                return Reply.GONE;
            }
            log.warn("{}: {} answered {}: {}", rider.name(), what, answer.status(), answer.body());
        } catch (IOException e) {
            log.warn("{}: {} failed: {}", rider.name(), what, e.toString());
        }
        return Reply.FAILED;
    }
}
