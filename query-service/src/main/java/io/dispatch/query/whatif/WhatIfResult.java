package io.dispatch.query.whatif;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.util.List;

/**
 * The shape of a DONE job's {@code result}, for the OpenAPI document only: the simulator's comparison as
 * {@code dispatch-sim --compare --json} prints it ({@code ScenarioJson.toTree}), plus the notes of the scenario read
 * from the log. The job stores and answers that JSON as it is.
 */
@Schema(name = "WhatIfResult")
record WhatIfResult(
        @Schema(requiredMode = RequiredMode.REQUIRED, description = "The scenario's name")
        String scenario,

        @Schema(requiredMode = RequiredMode.REQUIRED) Travel travel,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                description = "recorded first (what actually happened, when the log held it), then each mode asked, "
                        + "in the order asked")
        List<Row> rows,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                description = "What the scenario derived from the log, left out and why")
        List<String> notes) {

    @Schema(name = "WhatIfTravel", description = "The travel model every simulated row used")
    record Travel(
            @Schema(requiredMode = RequiredMode.REQUIRED) String model,
            @Schema(requiredMode = RequiredMode.REQUIRED) double speedKmh,
            @Schema(requiredMode = RequiredMode.REQUIRED) double detourFactor) {}

    @Schema(name = "WhatIfRow")
    record Row(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    description = "recorded, or the mode the day was simulated under")
            String mode,

            @Schema(requiredMode = RequiredMode.REQUIRED) Figures figures,
            @Schema(requiredMode = RequiredMode.REQUIRED) List<Hour> clickToDoorByHour) {}

    @Schema(name = "WhatIfFigures", description = "decisions.md section 14's figures of the day (times in seconds)")
    record Figures(
            @Schema(requiredMode = RequiredMode.REQUIRED) int orders,
            @Schema(requiredMode = RequiredMode.REQUIRED) int delivered,
            @Schema(requiredMode = RequiredMode.REQUIRED) int neverAssigned,
            @Schema(requiredMode = RequiredMode.REQUIRED) Spread clickToDoorSeconds,
            @Schema(requiredMode = RequiredMode.REQUIRED) Spread readyToPickupSeconds,
            @Schema(requiredMode = RequiredMode.REQUIRED) Percentiles timeToAssignSeconds,

            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Share of delivered orders later than target")
            double lateShare,

            @Schema(requiredMode = RequiredMode.REQUIRED) double ordersPerRiderHour,
            @Schema(requiredMode = RequiredMode.REQUIRED) double metersPerOrder,
            @Schema(requiredMode = RequiredMode.REQUIRED) Offers offers,

            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The simulation's own run time; 0 recorded")
            double wallSeconds) {}

    @Schema(name = "WhatIfSpread")
    record Spread(
            @Schema(requiredMode = RequiredMode.REQUIRED) double mean,
            @Schema(requiredMode = RequiredMode.REQUIRED) double p50,
            @Schema(requiredMode = RequiredMode.REQUIRED) double p90) {}

    @Schema(name = "WhatIfPercentiles")
    record Percentiles(
            @Schema(requiredMode = RequiredMode.REQUIRED) double p50,
            @Schema(requiredMode = RequiredMode.REQUIRED) double p90) {}

    @Schema(name = "WhatIfOffers")
    record Offers(
            @Schema(requiredMode = RequiredMode.REQUIRED) long made,
            @Schema(requiredMode = RequiredMode.REQUIRED) long declined,
            @Schema(requiredMode = RequiredMode.REQUIRED) long expired) {}

    @Schema(name = "WhatIfHour", description = "Click-to-door of the orders placed in one hour (UTC)")
    record Hour(
            @Schema(requiredMode = RequiredMode.REQUIRED) Instant hour,
            @Schema(requiredMode = RequiredMode.REQUIRED) int orders,
            @Schema(requiredMode = RequiredMode.REQUIRED) int delivered,
            @Schema(requiredMode = RequiredMode.REQUIRED) double meanClickToDoorSeconds,
            @Schema(requiredMode = RequiredMode.REQUIRED) double p90ClickToDoorSeconds) {}
}
