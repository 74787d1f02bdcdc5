package io.dispatch.events;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** A pickup or dropoff point: the address text, optional coordinates and notes for the rider. */
@Schema(name = "Stop", description = "A pickup or dropoff point; lat and lng are both present or both null")
public record Stop(
        @Schema(requiredMode = RequiredMode.REQUIRED, maxLength = 500, example = "Kenyatta Ave 1, Nairobi")
        String address,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                minimum = "-90",
                maximum = "90",
                example = "-1.2841")
        Double lat,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                minimum = "-180",
                maximum = "180",
                example = "36.8219")
        Double lng,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, maxLength = 500, example = "Gate B")
        String notes) {

    public boolean hasCoordinates() {
        return lat != null && lng != null;
    }
}
