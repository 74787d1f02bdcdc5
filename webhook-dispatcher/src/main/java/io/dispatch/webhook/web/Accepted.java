package io.dispatch.webhook.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.UUID;

/** The answer to a 202: the notification that will be sent, identified as in GET .../webhooks. */
@Schema(name = "Accepted")
public record Accepted(
        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                description = "The notification's id, as in GET .../webhooks")
        UUID id,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "webhook.test")
        String event,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = "PENDING")
        String status) {

    public static Accepted pending(UUID id, String event) {
        return new Accepted(id, event, "PENDING");
    }
}
