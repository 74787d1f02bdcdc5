package io.dispatch.command.dispatch.web;

import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.Reading;
import io.dispatch.events.FailureReason;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/** A failure's reason code and detail, as riders and operators give them ({reasonCode, detail}). */
public record FailureRequest(FailureReason reasonCode, String detail) {

    public static FailureRequest parse(JsonNode body) {
        FieldErrors errors = new FieldErrors();
        Document failure = DocumentedBody.of(Document.class).readBody(body, "{reasonCode, detail}", errors);
        errors.throwIfAny();
        return new FailureRequest(FailureReason.valueOf(failure.reasonCode()), failure.detail());
    }

    /** The body as the OpenAPI document shows it and {@link #parse} reads it. */
    @Schema(name = "FailRequest", requiredProperties = "reasonCode")
    public record Document(
            @Schema(
                    allowableValues = {
                        "CUSTOMER_UNREACHABLE",
                        "WRONG_ADDRESS",
                        "REFUSED",
                        "DAMAGED",
                        "RIDER_UNAVAILABLE",
                        "OTHER"
                    })
            String reasonCode,

            @Schema(minLength = 1, maxLength = 1000, description = "required with OTHER")
            @Reading(multiLine = true, requiredWhen = "reasonCode=OTHER")
            String detail) {}
}
