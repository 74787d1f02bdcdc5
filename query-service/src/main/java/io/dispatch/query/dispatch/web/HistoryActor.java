package io.dispatch.query.dispatch.web;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** Who caused a transition. */
@Schema(name = "HistoryActor")
public record HistoryActor(
        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                allowableValues = {"merchant", "rider", "operator", "system"})
        String type,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "The merchant's or rider's id, the operator's name; null for the system")
        String id) {}
