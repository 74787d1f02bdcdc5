package io.dispatch.query.decision.web;

import io.dispatch.events.DispatchStatus;
import io.dispatch.query.decision.MerchantDispatchingRows;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.util.UUID;

/**
 * Where a merchant's delivery stands in dispatching (decisions.md §14): counts only, never a rider
 * or an offer (merchants see no offers).
 */
@Schema(name = "DeliveryDispatching", description = """
    Where the delivery stands in dispatching: the policy it was created under and the offers made for it, as \
    counts. Every field is always present, null when it has no value.""")
public record DeliveryDispatching(
        @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
        UUID dispatchId,

        @Schema(requiredMode = RequiredMode.REQUIRED, implementation = DispatchStatus.class)
        String status,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                allowableValues = {"MANUAL", "BROADCAST", "RANKED", "AUTO_ASSIGN", "BATCHED"},
                description = """
                  The dispatching mode of the policy the delivery was created under (MANUAL: riders take it from \
                  the open list, operators assign)""")
        String mode,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "0",
                description = "The version of that policy (0: the built-in MANUAL one)")
        long policyVersion,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", description = "Offers made to riders so far")
        int offersMade,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                minimum = "1",
                description = "RANKED: how many riders the policy offers it to, one after another; null in other modes")
        Integer maxOffers,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", description = "Offers open right now")
        int openOffers,

        @Schema(requiredMode = RequiredMode.REQUIRED, description = "True while the delivery is NEW: no rider holds it")
        boolean waiting,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, implementation = Reason.class, description = """
                  While waiting: NO_RIDER_IN_RADIUS, ALL_DECLINED or OFFERS_EXHAUSTED when the latest search found \
                  nobody (until a rider is offered it again), else MANUAL in MANUAL mode, else WAITING_FOR_OFFER \
                  (not offered yet, or offers open). Null when not waiting.""")
        String reason) {

    /** The values of {@code reason}, for the document (a nullable enum is declared through a Java enum). */
    enum Reason {
        NO_RIDER_IN_RADIUS,
        ALL_DECLINED,
        OFFERS_EXHAUSTED,
        MANUAL,
        WAITING_FOR_OFFER
    }

    static DeliveryDispatching of(UUID dispatchId, MerchantDispatchingRows.Dispatching row, Integer maxOffers) {
        boolean waiting = "NEW".equals(row.status());
        return new DeliveryDispatching(
                dispatchId,
                row.status(),
                row.policyMode(),
                row.policyVersion(),
                row.offersMade(),
                "RANKED".equals(row.policyMode()) ? maxOffers : null,
                row.openOffers(),
                waiting,
                waiting ? QueueEntry.reason(row.lastReason(), row.policyMode()) : null);
    }
}
