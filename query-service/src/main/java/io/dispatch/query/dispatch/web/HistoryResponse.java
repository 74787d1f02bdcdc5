package io.dispatch.query.dispatch.web;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.util.List;

/** For the OpenAPI document only: the history in the success envelope, as GET .../events answers it. */
@Schema(name = "HistoryResponse", description = "The status history, oldest first, in the success envelope")
public record HistoryResponse(
        @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
        boolean success,

        @Schema(requiredMode = RequiredMode.REQUIRED) List<HistoryEntry> data) {}
