package io.dispatch.query.decision;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** The operator's dispatching figures over the deliveries created in a period (decisions.md §14). */
@Schema(name = "DispatchStats", description = """
    Figures over the deliveries created in [from, to) (and in zoneId when given). Every field is always present; \
    a figure that has nothing to be made of (a share or percentile of no deliveries) is null.""")
public record DispatchStats(
        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", description = "Deliveries created in the period")
        long created,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "0",
                description = "Of those, the ones assigned to a rider at least once (by offer, automatically, by an "
                        + "operator or taken from the open list)")
        long assigned,

        @Schema(requiredMode = RequiredMode.REQUIRED) TimeToAssign timeToAssignSeconds,
        @Schema(requiredMode = RequiredMode.REQUIRED) Offers offers,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                minimum = "0",
                maximum = "1",
                description = "offers.accepted / (accepted + declined + expired): of the offers riders answered or let "
                        + "run out, the share accepted (withdrawn and taken ones left out); null without any")
        Double acceptanceRate,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "0",
                description = "Deliveries the engine found nobody eligible for at least once (NoRiderFound)")
        long noRider,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, minimum = "0", maximum = "1", description = """
          Of the deliveries picked up that had a targetPickupAt, the share picked up at or before it; null without \
          any""")
        Double pickupOnTimeShare,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, minimum = "0", maximum = "1", description = """
          Of the deliveries delivered that had a targetDeliveryAt, the share delivered at or before it; null \
          without any""")
        Double deliveryOnTimeShare) {

    @Schema(
            name = "DispatchTimeToAssign",
            description = "Seconds from creation to the first assignment of the assigned deliveries "
                    + "(continuous percentiles, percentile_cont); null when none was assigned")
    public record TimeToAssign(
            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true)
            Double p50,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true)
            Double p90,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true)
            Double p99) {}

    @Schema(
            name = "DispatchOfferCounts",
            description = "Offers made for the period's deliveries, and how many ended how")
    public record Offers(
            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            long made,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            long accepted,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            long declined,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            long expired) {}

    /** {@code part / whole}, null when there is no whole. */
    public static Double share(long part, long whole) {
        return whole == 0 ? null : (double) part / whole;
    }
}
