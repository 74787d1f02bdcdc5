package io.dispatch.query.decision;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** One decision about a delivery, as GET /api/v1/admin/dispatches/:id/decisions lists them (decisions.md §14). */
@Schema(name = "DispatchDecision", description = """
    One decision about a delivery, with its inputs. Every field is always present, null when it has no value.""")
public record DecisionEntry(
        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "1",
                description = "The event's place in the delivery's stream")
        long sequence,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                allowableValues = {
                    "OFFERED",
                    "ACCEPTED",
                    "DECLINED",
                    "EXPIRED",
                    "WITHDRAWN",
                    "AUTO_ASSIGNED",
                    "NO_RIDER",
                    "PLANNED"
                },
                description = """
                        A rider giving back an automatic assignment (dispatch.unassigned) is DECLINED, offerId null. \
                        PLANNED (BATCHED mode, decisions.md section 15): the route planner placed the delivery on its \
                        rider's route; reason says where and what it added, e.g. "INSERTED: stops 2 and 4 of 5, +312 s\"""")
        String type,

        @Schema(requiredMode = RequiredMode.REQUIRED) Instant occurredAt,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                format = "uuid",
                description = "Null for NO_RIDER")
        UUID riderId,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                format = "uuid",
                description = "The offer it made or answered; null for AUTO_ASSIGNED, NO_RIDER and a give-back")
        UUID offerId,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = """
          OFFERED and AUTO_ASSIGNED: the rule that chose the rider. DECLINED: the rider's reason (or null). \
          WITHDRAWN: TAKEN (another rider accepted), OPERATOR_ASSIGNED, CANCELLED or the engine's (e.g. \
          RIDER_OFF_SHIFT). NO_RIDER: NO_RIDER_IN_RADIUS, ALL_DECLINED or OFFERS_EXHAUSTED. Else null.""")
        String reason,

        @Schema(requiredMode = RequiredMode.REQUIRED, description = """
          The policy the decision followed; an answer to an offer (ACCEPTED, DECLINED, EXPIRED, WITHDRAWN) \
          shows the policy of the delivery's latest decision that named one""")
        Policy policy,

        @Schema(requiredMode = RequiredMode.REQUIRED, description = """
          The riders considered, best first (at most 10); empty for the answers to offers""")
        List<Candidate> candidates) {

    @Schema(name = "DecisionPolicy", description = "A zone's dispatching policy at a version")
    public record Policy(
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "default")
            String zoneId,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    allowableValues = {"MANUAL", "BROADCAST", "RANKED", "AUTO_ASSIGN", "BATCHED"})
            String mode,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            long version) {}

    @Schema(name = "DecisionCandidate", description = "A rider a decision considered, with what it was ranked on")
    public record Candidate(
            @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
            UUID riderId,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            long etaToPickupSeconds,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            long distanceMeters,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            int activeCount,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "1")
            int rank) {}
}
