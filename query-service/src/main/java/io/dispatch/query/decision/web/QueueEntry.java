package io.dispatch.query.decision.web;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.util.UUID;

/** A NEW delivery nobody holds, in the operator's queue (decisions.md §14). */
@Schema(name = "DispatchQueueEntry", description = "A NEW delivery nobody holds, and why it waits")
public record QueueEntry(
        @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
        UUID dispatchId,

        @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
        UUID merchantId,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "The delivery's pickup zone; null outside every zone")
        String zoneId,

        @Schema(requiredMode = RequiredMode.REQUIRED) Instant createdAt,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", description = "Whole seconds since createdAt")
        long waitingSeconds,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", description = "Offers made for it so far")
        int offersMade,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                allowableValues = {
                    "NO_RIDER_IN_RADIUS",
                    "ALL_DECLINED",
                    "OFFERS_EXHAUSTED",
                    "MANUAL",
                    "WAITING_FOR_OFFER"
                },
                description = """
                  The reason of the engine's latest "nobody eligible" (until it makes another offer or assignment); \
                  else MANUAL when the delivery's policy is MANUAL (riders take it from the open list, operators \
                  assign); else WAITING_FOR_OFFER (not offered yet, or offers open)""")
        String reason) {

    /** The queue's reason for a delivery in these terms. */
    static String reason(String lastNoRiderReason, String policyMode) {
        if (lastNoRiderReason != null) {
            return lastNoRiderReason;
        }
        return "MANUAL".equals(policyMode) ? "MANUAL" : "WAITING_FOR_OFFER";
    }
}
