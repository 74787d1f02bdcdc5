package io.dispatch.command.dispatch.domain;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.FailureReason;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.events.Source;
import java.time.Instant;
import java.util.UUID;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The commands the Dispatch aggregate accepts, in the imperative. */
public final class DispatchCommands {

    private DispatchCommands() {}

    /**
     * Fee, zone, tracking token, PIN and the dispatching policy of the pickup zone are decided before
     * the command (pricing and policies are not the aggregate's).
     */
    public record CreateDispatch(
            @TargetAggregateIdentifier UUID dispatchId,
            UUID merchantId,
            Actor actor,
            DispatchOrder order,
            long feeCents,
            String zoneId,
            Source source,
            String trackingToken,
            String deliveryPin,
            ServiceLevel serviceLevel,
            DecisionPolicy dispatchPolicy) {}

    /**
     * The zone's service-level targets, in seconds from creation: they fill the target times
     * the merchant left out (null: leave them out).
     */
    public record ServiceLevel(long pickupSeconds, long deliverySeconds) {}

    /** A rider takes a NEW delivery, or an operator reassigns an ASSIGNED one. */
    public record AssignRider(@TargetAggregateIdentifier UUID dispatchId, UUID riderId, Actor actor) {}

    public record ConfirmPickup(@TargetAggregateIdentifier UUID dispatchId, UUID riderId) {}

    public record DepartForDropoff(
            @TargetAggregateIdentifier UUID dispatchId, UUID riderId) {}

    public record ConfirmDelivery(
            @TargetAggregateIdentifier UUID dispatchId,
            UUID riderId,
            ProofType proofType,
            String recipientName,
            String photoUrl,
            String signatureUrl,
            String pin) {}

    /** By the assigned rider, or by an operator (the actor says which). */
    public record FailDispatch(
            @TargetAggregateIdentifier UUID dispatchId, Actor actor, FailureReason reasonCode, String detail) {}

    /** By the owning merchant; another merchant's delivery answers as if it did not exist. */
    public record CancelDispatch(@TargetAggregateIdentifier UUID dispatchId, UUID merchantId, String reason) {}

    /** By an operator: clears the wrong PIN guesses, and so unlocks PIN proofs. */
    public record ResetPinGuesses(@TargetAggregateIdentifier UUID dispatchId, Actor actor) {}

    public record RecordRiderLocation(
            @TargetAggregateIdentifier UUID dispatchId,
            UUID riderId,
            double latitude,
            double longitude,
            Instant recordedAt) {}
}
