package io.dispatch.command.rider.web;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The rider's position report, as the OpenAPI document shows it and {@code DocumentedBody} reads
 * it; the checks on the timestamp's range stay in {@link RiderController}.
 */
@Schema(
        name = "LocationReport",
        requiredProperties = {"lat", "lng"})
record LocationDocument(
        @Schema(minimum = "-90", maximum = "90") Double lat,
        @Schema(minimum = "-180", maximum = "180") Double lng,

        @Schema(format = "date-time", description = "when the fix was taken; default now")
        String timestamp) {}
