package io.dispatch.query.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.LocalDate;

/** One UTC day of a merchant's deliveries. */
@Schema(name = "DailyStats", description = """
    One UTC day: created counts deliveries by the day they were created; delivered, failed and cancelled \
    count them by the day they reached that final status; onTime and late split that day's delivered ones""")
public record DayStats(
        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                format = "date",
                example = "2026-11-10",
                description = "The UTC day, yyyy-MM-dd")
        String date,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", example = "42")
        long created,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", example = "37")
        long delivered,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", example = "2")
        long failed,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", example = "1")
        long cancelled,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "0",
                example = "33",
                description = "Delivered at or before the delivery's targetDeliveryAt")
        long onTime,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "0",
                example = "3",
                description = "Delivered after its targetDeliveryAt; one without a targetDeliveryAt is neither")
        long late,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                minimum = "0",
                maximum = "1",
                example = "0.9167",
                description = "onTime / (onTime + late), rounded to 4 decimals; null when both are 0")
        @JsonInclude(JsonInclude.Include.ALWAYS)
        Double onTimeShare) {

    static DayStats of(
            LocalDate date, long created, long delivered, long failed, long cancelled, long onTime, long late) {
        Double share = onTime + late == 0 ? null : Math.round(10_000.0 * onTime / (onTime + late)) / 10_000.0;
        return new DayStats(date.toString(), created, delivered, failed, cancelled, onTime, late, share);
    }
}
