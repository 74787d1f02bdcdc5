package io.dispatch.command.rider.web;

import io.dispatch.command.web.Reading;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The proof of delivery the rider sends: which fields a proof type needs is declared here, once,
 * for both the OpenAPI document and the reading of the body.
 */
@Schema(
        name = "ProofOfDeliveryInput",
        requiredProperties = {"type", "recipientName"})
record ProofDocument(
        @Schema(allowableValues = {"PHOTO", "SIGNATURE", "PIN"})
        String type,

        @Schema(minLength = 1, maxLength = 200) String recipientName,

        @Schema(minLength = 1, maxLength = 2000, description = "required for PHOTO")
        @Reading(requiredWhen = "type=PHOTO")
        String photoUrl,

        @Schema(minLength = 1, maxLength = 2000, description = "required for SIGNATURE")
        @Reading(requiredWhen = "type=SIGNATURE")
        String signatureUrl,

        @Schema(minLength = 1, maxLength = 20, description = "required for PIN: the 4 digits the customer gives")
        @Reading(requiredWhen = "type=PIN")
        String pin) {}
