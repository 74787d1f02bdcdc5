package io.dispatch.policy.core;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the core. The last five are the matching's weights (ADR 0039); the defaults were chosen on the
 * sample days and checked on generated ones (bench/results/2026-11-27-dispatch-sim.md).
 *
 * @param maxPositionAge a rider whose last position is older is not eligible (dispatch.assign.max-position-age)
 * @param pendingTimeout how long a decision waits for its fact before the core may decide again
 * @param defaultTravel the travel model of zones without a ZoneTravel fact
 * @param activeDeliveryPenaltySeconds what each delivery a rider already holds adds to its cost in the matching:
 *     the core does not know where those deliveries go, only that they delay the next pickup
 * @param ageWeight seconds of cost taken off per second an order has waited, so that when riders are scarce old
 *     orders are served before new ones close by (0 would serve the nearest only; 1 would serve oldest first)
 * @param deadheadWeight extra cost per second of riding to the pickup, on top of the time until the rider can pick
 *     up (which, for an order not ready yet, is its ready time whatever the rider): among riders who would all
 *     wait anyway, the nearest goes
 * @param busyRiderMaxEtaSeconds a rider who already holds a delivery is matched to another only when it is at most
 *     this far (in time) from the new pickup: stacking orders on the way pays, stacking across town delays both
 */
public record CoreConfig(
        Duration maxPositionAge,
        Duration pendingTimeout,
        TravelModel defaultTravel,
        double activeDeliveryPenaltySeconds,
        double ageWeight,
        double deadheadWeight,
        double busyRiderMaxEtaSeconds) {

    /** Chosen on the sample days with the other weights at their defaults (ADR 0039). */
    public static final double DEFAULT_BUSY_RIDER_MAX_ETA_SECONDS = 30;

    public CoreConfig {
        Objects.requireNonNull(maxPositionAge, "maxPositionAge");
        Objects.requireNonNull(pendingTimeout, "pendingTimeout");
        Objects.requireNonNull(defaultTravel, "defaultTravel");
    }

    /** The form before busyRiderMaxEtaSeconds existed (dispatch-engine uses it): that limit takes its default. */
    public CoreConfig(
            Duration maxPositionAge,
            Duration pendingTimeout,
            TravelModel defaultTravel,
            double activeDeliveryPenaltySeconds,
            double ageWeight,
            double deadheadWeight) {
        this(
                maxPositionAge,
                pendingTimeout,
                defaultTravel,
                activeDeliveryPenaltySeconds,
                ageWeight,
                deadheadWeight,
                DEFAULT_BUSY_RIDER_MAX_ETA_SECONDS);
    }

    public static CoreConfig defaults() {
        return new CoreConfig(
                Duration.ofMinutes(5),
                Duration.ofSeconds(10),
                new TravelModel(1.0, 20.0),
                300,
                0,
                0.25,
                DEFAULT_BUSY_RIDER_MAX_ETA_SECONDS);
    }

    public CoreConfig withMatching(double activeDeliveryPenaltySeconds, double ageWeight, double deadheadWeight) {
        return new CoreConfig(
                maxPositionAge,
                pendingTimeout,
                defaultTravel,
                activeDeliveryPenaltySeconds,
                ageWeight,
                deadheadWeight,
                busyRiderMaxEtaSeconds);
    }

    public CoreConfig withBusyRiderMaxEtaSeconds(double seconds) {
        return new CoreConfig(
                maxPositionAge,
                pendingTimeout,
                defaultTravel,
                activeDeliveryPenaltySeconds,
                ageWeight,
                deadheadWeight,
                seconds);
    }
}
