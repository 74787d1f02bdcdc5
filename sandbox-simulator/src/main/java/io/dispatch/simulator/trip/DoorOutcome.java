package io.dispatch.simulator.trip;

import io.dispatch.events.FailureReason;
import java.util.List;
import java.util.UUID;

/**
 * How a simulated delivery ends at the door: a fixed function of its id, so the configured share
 * holds over many deliveries, a given one always ends the same way, and a test knows in advance.
 */
public final class DoorOutcome {

    private static final List<FailureReason> REASONS =
            List.of(FailureReason.CUSTOMER_UNREACHABLE, FailureReason.WRONG_ADDRESS, FailureReason.REFUSED);

    private DoorOutcome() {}

    /** Whether this delivery ends FAILED at the door when {@code failShare} of them do. */
    public static boolean failsAtTheDoor(UUID dispatchId, double failShare) {
        return unitInterval(dispatchId) < failShare;
    }

    /** Why it failed: a second, independent draw from the id (its halves swapped). */
    static FailureReason reason(UUID dispatchId) {
        UUID seed = new UUID(dispatchId.getLeastSignificantBits(), dispatchId.getMostSignificantBits());
        return REASONS.get((int) (unitInterval(seed) * REASONS.size()));
    }

    /** What the rider writes in the failure's detail. */
    static String detail(FailureReason reason) {
        return "Sandbox simulator: "
                + switch (reason) {
                    case WRONG_ADDRESS -> "nobody at the dropoff knows the customer";
                    case REFUSED -> "the customer refused the parcel at the door";
                    default -> "the customer did not answer the door or the phone";
                };
    }

    /** Uniform in [0, 1) for random ids (the SplitMix64 finaliser over both halves of the id). */
    static double unitInterval(UUID id) {
        long h = id.getMostSignificantBits() * 31 + id.getLeastSignificantBits();
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        h = h ^ (h >>> 31);
        return (h >>> 11) * 0x1.0p-53;
    }
}
