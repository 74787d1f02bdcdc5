package io.dispatch.query.whatif;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A what-if comparison as {@code /api/v1/admin/dispatch/whatif} shows it: what was asked, by whom, how far it got,
 * and once DONE the comparison itself.
 */
@Schema(name = "WhatIfJob")
public record WhatIfJob(
        @Schema(requiredMode = RequiredMode.REQUIRED) UUID id,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                allowableValues = {"QUEUED", "RUNNING", "DONE", "FAILED"},
                description = "QUEUED behind another job of its instance, RUNNING, DONE (result set) or FAILED (error "
                        + "says why; a job whose instance stopped reads as FAILED within a minute)")
        String status,

        @Schema(requiredMode = RequiredMode.REQUIRED, type = "string", format = "date", nullable = true)
        LocalDate day,

        @Schema(requiredMode = RequiredMode.REQUIRED, description = "Start of the period (UTC), included")
        Instant from,

        @Schema(requiredMode = RequiredMode.REQUIRED, description = "End of the period (UTC), excluded")
        Instant to,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "null: every zone")
        String zoneId,

        @Schema(requiredMode = RequiredMode.REQUIRED) List<String> modes,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                description = "The operator account's id, or \"operator\" for the admin token")
        String requestedBy,

        @Schema(requiredMode = RequiredMode.REQUIRED) Instant createdAt,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true)
        Instant startedAt,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true)
        Instant finishedAt,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "What the job is doing or did last, in words (the policy being simulated, of how many)")
        String progress,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "Why it FAILED")
        String error,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                implementation = WhatIfResult.class,
                description = "The comparison once DONE; null before, when FAILED, and in the list of jobs")
        JsonNode result) {

    /** The same job without its result, as the list shows it. */
    WhatIfJob withoutResult() {
        return new WhatIfJob(
                id,
                status,
                day,
                from,
                to,
                zoneId,
                modes,
                requestedBy,
                createdAt,
                startedAt,
                finishedAt,
                progress,
                error,
                null);
    }
}
