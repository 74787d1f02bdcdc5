package io.dispatch.web.openapi;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ErrorCode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.util.List;
import java.util.Map;

/**
 * The envelope of the answers every service shares (errors, and the page of a list), as the
 * OpenAPI document shows it: the code answers {@link Envelope} itself (its {@code data} is any
 * object), so these name what it holds. The envelopes of a delivery's forms are beside the forms,
 * in the module representations ({@code DeliveryResponses}). The deploy tests validate every answer
 * they receive against the served document, which holds these shapes and the envelope together.
 */
public final class ApiSchemas {

    private ApiSchemas() {}

    @Schema(name = "PageMeta", description = "The page: its size, and the cursor of the next page (absent on the last)")
    public record PageMeta(
            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "1", maximum = "200", example = "50")
            int limit,

            @Schema(
                    description = "Opaque; pass it as cursor to read the next page",
                    example = "djF8MTc2NDAwMDAwMDAwMDAwMHw")
            String nextCursor) {}

    @Schema(name = "ErrorResponse", description = """
      The failure envelope. error.code is stable; details.fieldErrors maps a field name as the client wrote it \
      (customerName, pickup.lat, orders[3].customerPhone, body, or a query parameter) to messages; a 409 on \
      a delivery's status carries details.currentStatus.""")
    public record ErrorResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always false in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) ErrorBody error) {}

    @Schema(name = "ErrorBody")
    public record ErrorBody(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    example = "VALIDATION_ERROR",
                    description = "Clients switch on it; 413 and 415 answer VALIDATION_ERROR")
            ErrorCode code,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    example = "The request is not valid",
                    description = "Human text; may change, never switch on it")
            String message,

            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Empty when there is nothing to add")
            ErrorDetails details,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    format = "uuid",
                    description = "Also the X-Request-Id header of this answer")
            String requestId) {}

    /** What an error's details may hold; other keys may be added, so clients ignore those they do not know. */
    @Schema(name = "ErrorDetails", additionalProperties = Schema.AdditionalPropertiesValue.TRUE)
    public record ErrorDetails(
            @Schema(
                    description = "422: each refused field, named as the client wrote it, with its messages",
                    example = "{\"customerPhone\": [\"must be 7 to 20 characters\"]}")
            Map<String, List<String>> fieldErrors,

            @Schema(description = "409 on a delivery or notification: its current status", example = "ASSIGNED")
            String currentStatus,

            @Schema(description = "409 on a webhook test: NO_WEBHOOK_ENDPOINT", example = "NO_WEBHOOK_ENDPOINT")
            String reason,

            @Schema(description = "503: seconds to wait, as Retry-After", example = "1")
            Integer retryAfterSeconds,

            @Schema(
                    description = "422 on GET /events with a cursor older than retention kept: the cursor to resume "
                            + "from (the oldest event kept)",
                    example = "ZTF8NzQxfDEyMDN8...")
            String oldestCursor) {}
}
