package io.dispatch.command.dispatch.domain;

import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import java.util.List;
import java.util.UUID;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The route planner's commands (decisions.md §15, mode BATCHED), sent by the dispatch engine. */
public final class PlanCommands {

    private PlanCommands() {}

    /**
     * The rider's route changed: the delivery, which {@code riderId} holds, now sits at {@code plan}. The same plan
     * again changes nothing; a delivery the rider no longer holds answers 409.
     */
    public record PlanDelivery(
            @TargetAggregateIdentifier UUID dispatchId,
            UUID riderId,
            PlannedStops plan,
            DecisionPolicy policy,
            List<DecisionCandidate> candidates) {}

    /**
     * The background improvement gives the delivery, which {@code fromRiderId} holds by an automatic assignment and
     * has not picked up, to {@code riderId}, at {@code plan} on that rider's route (decisions.md §15, ADR 0061). The same
     * move again changes nothing; a delivery that moved on meanwhile answers 409.
     */
    public record ReassignDelivery(
            @TargetAggregateIdentifier UUID dispatchId,
            UUID fromRiderId,
            UUID riderId,
            PlannedStops plan,
            DecisionPolicy policy,
            String rule) {}
}
