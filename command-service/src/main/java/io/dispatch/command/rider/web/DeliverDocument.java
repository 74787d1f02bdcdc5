package io.dispatch.command.rider.web;

import io.dispatch.command.web.Reading;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of the rider's deliver, as the OpenAPI document shows it and {@code DocumentedBody}
 * reads it: kept apart from {@link RiderController} so the controller reads as its routes.
 */
@Schema(name = "DeliverRequest", requiredProperties = "proof")
record DeliverDocument(
        @Reading(absent = PROOF_SHAPE, refusal = PROOF_SHAPE)
        ProofDocument proof) {

    /** What a missing or malformed proof answers: the shape it should have had. */
    static final String PROOF_SHAPE = "is required: {type, recipientName, photoUrl?, signatureUrl?, pin?}";
}
