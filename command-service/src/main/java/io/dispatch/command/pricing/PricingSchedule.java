package io.dispatch.command.pricing;

/** A fee schedule and service-level targets: a zone's own, or the platform default. */
public record PricingSchedule(
        long baseFeeCents,
        long perKmCents,
        long minFeeCents,
        double detourFactor,
        double avgSpeedKmh,
        long targetPickupSeconds,
        long targetDeliverySeconds) {}
