package io.dispatch.command.pricing.admin;

import io.dispatch.command.pricing.PricingSchedule;
import io.dispatch.command.web.CrossFieldRule;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/**
 * The bodies of PUT /zones/{zoneId} and PUT /pricing/default, drawn into the operator document
 * and read by {@link DocumentedBody}. A schedule's limits are the constants below, shared by both
 * bodies: a zone must give its service-level targets, the default schedule may keep its own.
 */
final class ZoneDocuments {

    static final String MAX_CENTS = "2147483647";
    static final String MIN_TARGET = "60";
    static final String MAX_TARGET = "604800";

    private ZoneDocuments() {}

    @Schema(
            name = "ZoneRequest",
            requiredProperties = {
                "name",
                "polygon",
                "baseFeeCents",
                "perKmCents",
                "minFeeCents",
                "targetPickupSeconds",
                "targetDeliverySeconds",
                "detourFactor",
                "avgSpeedKmh"
            })
    record ZoneDocument(
            @Schema(minLength = 1, maxLength = 200) String name,

            @Schema(
                    nullable = true,
                    minimum = "-1000000",
                    maximum = "1000000",
                    defaultValue = "100",
                    description = "where zones overlap the lowest number wins")
            Integer priority,

            @Schema(
                    implementation = Object.class,
                    description = "a GeoJSON Polygon, [lng, lat] positions, closed rings")
            JsonNode polygon,

            @Schema(minimum = "0", maximum = MAX_CENTS) Long baseFeeCents,
            @Schema(minimum = "0", maximum = MAX_CENTS) Long perKmCents,
            @Schema(minimum = "0", maximum = MAX_CENTS) Long minFeeCents,
            @Schema(minimum = "1.0", maximum = "5.0") Double detourFactor,
            @Schema(minimum = "1.0", maximum = "200.0") Double avgSpeedKmh,

            @Schema(minimum = MIN_TARGET, maximum = MAX_TARGET)
            Long targetPickupSeconds,

            @Schema(minimum = MIN_TARGET, maximum = MAX_TARGET)
            Long targetDeliverySeconds)
            implements CrossFieldRule, Fees {

        @Override
        public void check(String prefix, boolean clean, FieldErrors errors) {
            targetsInOrder(targetPickupSeconds, targetDeliverySeconds, errors);
        }

        PricingSchedule schedule() {
            return withTargets(targetPickupSeconds, targetDeliverySeconds);
        }
    }

    @Schema(
            name = "DefaultPricingRequest",
            requiredProperties = {"baseFeeCents", "perKmCents", "minFeeCents", "detourFactor", "avgSpeedKmh"})
    record DefaultPricingDocument(
            @Schema(minimum = "0", maximum = MAX_CENTS) Long baseFeeCents,
            @Schema(minimum = "0", maximum = MAX_CENTS) Long perKmCents,
            @Schema(minimum = "0", maximum = MAX_CENTS) Long minFeeCents,
            @Schema(minimum = "1.0", maximum = "5.0") Double detourFactor,
            @Schema(minimum = "1.0", maximum = "200.0") Double avgSpeedKmh,

            @Schema(
                    nullable = true,
                    minimum = MIN_TARGET,
                    maximum = MAX_TARGET,
                    description = "absent: keep the current one")
            Long targetPickupSeconds,

            @Schema(
                    nullable = true,
                    minimum = MIN_TARGET,
                    maximum = MAX_TARGET,
                    description = "absent: keep the current one")
            Long targetDeliverySeconds)
            implements CrossFieldRule, Fees {

        @Override
        public void check(String prefix, boolean clean, FieldErrors errors) {
            targetsInOrder(targetPickupSeconds, targetDeliverySeconds, errors);
        }

        /** The new default schedule: absent targets keep the {@code current} ones. */
        PricingSchedule schedule(PricingSchedule current) {
            return withTargets(
                    targetPickupSeconds == null ? current.targetPickupSeconds() : targetPickupSeconds,
                    targetDeliverySeconds == null ? current.targetDeliverySeconds() : targetDeliverySeconds);
        }
    }

    /** The fee fields both bodies read the same way, and the schedule they make with its targets. */
    interface Fees {
        Long baseFeeCents();

        Long perKmCents();

        Long minFeeCents();

        Double detourFactor();

        Double avgSpeedKmh();

        default PricingSchedule withTargets(long targetPickupSeconds, long targetDeliverySeconds) {
            return new PricingSchedule(
                    baseFeeCents(),
                    perKmCents(),
                    minFeeCents(),
                    detourFactor(),
                    avgSpeedKmh(),
                    targetPickupSeconds,
                    targetDeliverySeconds);
        }
    }

    private static void targetsInOrder(Long pickup, Long delivery, FieldErrors errors) {
        if (pickup != null && delivery != null && delivery < pickup) {
            errors.add("targetDeliverySeconds", "must not be less than targetPickupSeconds");
        }
    }
}
