package io.dispatch.events;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;

/** Attached to a DELIVERED delivery. */
@Schema(name = "ProofOfDelivery")
public record ProofOfDelivery(
        @Schema(requiredMode = RequiredMode.REQUIRED) ProofType type,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true)
        String recipientName,

        @Schema(requiredMode = RequiredMode.REQUIRED) Instant capturedAt,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "With a PHOTO proof")
        String photoUrl,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "With a SIGNATURE proof")
        String signatureUrl) {

    public enum ProofType {
        PHOTO,
        SIGNATURE,
        PIN
    }
}
