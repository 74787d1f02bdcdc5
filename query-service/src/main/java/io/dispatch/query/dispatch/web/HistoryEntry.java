package io.dispatch.query.dispatch.web;

import io.dispatch.events.DispatchStatus;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;

/**
 * An entry of GET .../events, oldest first; the first is the creation. Shared by the merchant's
 * and the operator's history reads ({@link DispatchQueryController#history}).
 */
@Schema(name = "HistoryEntry", description = "One status transition")
public record HistoryEntry(
        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "0",
                example = "0",
                description = "0 for the creation, then one more per transition")
        long sequence,

        @Schema(requiredMode = RequiredMode.REQUIRED, implementation = DispatchStatus.class)
        String status,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                implementation = DispatchStatus.class,
                description = "Null on the creation")
        String previousStatus,

        @Schema(requiredMode = RequiredMode.REQUIRED) Instant occurredAt,
        @Schema(requiredMode = RequiredMode.REQUIRED) HistoryActor actor,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "The failure reason code of a FAILED transition",
                example = "CUSTOMER_UNREACHABLE")
        String reasonCode,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "Free text of the transition (a failure's detail, a cancel's reason)")
        String detail) {}
