package io.dispatch.command.dispatch.web;

import io.dispatch.command.web.CrossFieldRule;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.Reading;
import io.dispatch.events.Stop;
import io.swagger.v3.oas.annotations.media.Schema;

/** A pickup or dropoff as a body gives it (a delivery's, a store's pickup): drawn and read by this one declaration. */
@Schema(
        name = "StopRequest",
        requiredProperties = "address",
        description = "lat and lng are given together or not at all (422 on the one given alone)")
public record StopDocument(
        @Schema(minLength = 1, maxLength = 500, pattern = NOT_BLANK, example = "Kenyatta Ave 1, Nairobi")
        String address,

        @Schema(nullable = true, minimum = "-90", maximum = "90", example = "-1.2841")
        Double lat,

        @Schema(nullable = true, minimum = "-180", maximum = "180", example = "36.8219")
        Double lng,

        @Schema(nullable = true, maxLength = 500, description = "May span lines", example = "Gate B")
        @Reading(multiLine = true)
        String notes)
        implements CrossFieldRule {

    /** At least one character that is not white space. */
    static final String NOT_BLANK = "\\S";

    /** lat and lng come together, once the stop's own fields are right. */
    @Override
    public void check(String prefix, boolean clean, FieldErrors errors) {
        if (clean && (lat == null) != (lng == null)) {
            errors.add(prefix + (lat == null ? "lat" : "lng"), "lat and lng must be given together");
        }
    }

    public Stop stop() {
        return new Stop(address, lat, lng, notes);
    }
}
