package io.dispatch.command.dispatch.web;

import io.dispatch.command.web.CrossFieldRule;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.Reading;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * The create body: the OpenAPI document draws it and {@link DispatchOrderParser} reads the JSON by
 * it ({@link DocumentedBody}), so each field rule is written here once. An optional field sent as
 * null counts as absent.
 */
@Schema(
        name = "DispatchOrder",
        requiredProperties = {"customerName", "customerPhone", "pickup", "dropoff", "paymentType"})
public record DispatchOrderDocument(
        @Schema(
                minLength = 1,
                maxLength = 200,
                pattern = StopDocument.NOT_BLANK,
                example = "Wanjiru Kamau",
                description = "1 to 200 characters, not blank, no control characters")
        String customerName,

        @Schema(
                minLength = PhoneNumber.MIN_LENGTH,
                maxLength = PhoneNumber.MAX_LENGTH,
                pattern = PhoneNumber.PATTERN,
                description =
                        "Optional leading +, then digits, spaces or dashes; 7 to 20 characters in all, the + included",
                example = "+254 700 000 001")
        @Reading(unmatched = PhoneNumber.MESSAGE)
        String customerPhone,

        StopDocument pickup,
        StopDocument dropoff,

        @Schema(
                allowableValues = {"COD", "PREPAID"},
                example = "PREPAID")
        String paymentType,

        @Schema(
                nullable = true,
                minLength = 1,
                maxLength = 100,
                example = "order-1042",
                description = "Your own order id, echoed back on every read and webhook")
        String externalId,

        @Schema(
                nullable = true,
                minimum = "0",
                defaultValue = "0",
                example = "150000",
                description = "Order value in minor units")
        @Reading(refusal = "must be a whole number of minor units, 0 or more")
        Long amountCents,

        @Schema(
                nullable = true,
                minLength = 3,
                maxLength = 3,
                pattern = "^[A-Z]{3}$",
                defaultValue = "KES",
                example = "KES")
        @Reading(unmatched = "must be three upper-case letters, like KES")
        String currency,

        @Schema(
                nullable = true,
                format = "date-time",
                description = "ISO 8601 with offset, in the years 0001 to 9999",
                example = "2026-11-24T10:00:00Z")
        String targetPickupAt,

        @Schema(
                nullable = true,
                format = "date-time",
                description = "ISO 8601 with offset, in the years 0001 to 9999; not before targetPickupAt",
                example = "2026-11-24T12:00:00Z")
        String targetDeliveryAt)
        implements CrossFieldRule {

    /** A delivery is not due before its pickup. */
    @Override
    public void check(String prefix, boolean clean, FieldErrors errors) {
        Instant pickupAt = DocumentedBody.instant(targetPickupAt);
        Instant deliveryAt = DocumentedBody.instant(targetDeliveryAt);
        if (pickupAt != null && deliveryAt != null && deliveryAt.isBefore(pickupAt)) {
            errors.add(prefix + "targetDeliveryAt", "must not be before targetPickupAt");
        }
    }
}
