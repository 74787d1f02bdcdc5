package io.dispatch.command.pricing;

/** The price of one trip; zoneId and zoneName are null where platform default pricing applied. */
public record Quote(
        long feeCents,
        String currency,
        String zoneId,
        String zoneName,
        long distanceMeters,
        long etaTravelSeconds,
        long targetPickupSeconds,
        long targetDeliverySeconds) {}
