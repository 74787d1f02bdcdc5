package io.dispatch.command.dispatch.domain;

import io.dispatch.events.DispatchStatus;

/** A command the rules of the lifecycle refuse. The web layer maps each kind to its status code. */
public sealed class DispatchRuleViolation extends RuntimeException {

    DispatchRuleViolation(String message) {
        super(message, null, false, false);
    }

    /** The delivery is in a status the command cannot start from (409 CONFLICT). */
    public static final class TransitionNotAllowed extends DispatchRuleViolation {
        private final DispatchStatus currentStatus;

        public TransitionNotAllowed(DispatchStatus currentStatus, String action) {
            super("Cannot " + action + " a delivery that is " + currentStatus);
            this.currentStatus = currentStatus;
        }

        public DispatchStatus currentStatus() {
            return currentStatus;
        }
    }

    /** The acting rider is not the one assigned (403 FORBIDDEN). */
    public static final class NotTheAssignedRider extends DispatchRuleViolation {
        public NotTheAssignedRider() {
            super("Only the rider assigned to this delivery may do that");
        }
    }

    /**
     * The delivery belongs to another merchant, or lies across the sandbox line from the acting
     * rider ({@link SandboxLine}); it answers as missing (404).
     */
    public static final class NotFound extends DispatchRuleViolation {
        public NotFound() {
            super("Delivery not found");
        }
    }

    /**
     * An operator assigned a rider across the sandbox line (a sandbox rider to a real merchant's
     * delivery, or a real rider to a sandbox merchant's): 422 on riderId. A rider crossing it gets
     * {@link NotFound}, as for a delivery the rider may not see.
     */
    public static final class RiderAcrossSandboxLine extends DispatchRuleViolation {
        public RiderAcrossSandboxLine() {
            super("a sandbox rider takes only sandbox merchants' deliveries, a real rider only real merchants'");
        }
    }

    /** The proof of delivery is incomplete or its PIN does not match (422). */
    public static final class InvalidProof extends DispatchRuleViolation {
        private final String field;

        public InvalidProof(String field, String message) {
            super(message);
            this.field = field;
        }

        public String field() {
            return field;
        }
    }

    /** PIN proofs are locked after too many wrong guesses, until an operator resets them (409 CONFLICT). */
    public static final class PinProofsLocked extends DispatchRuleViolation {
        public PinProofsLocked(int wrongGuesses) {
            super("PIN proofs are locked for this delivery after " + wrongGuesses
                    + " wrong guesses; an operator must reset them");
        }
    }

    /**
     * The PIN did not match; the guess is already recorded (422 on proof.pin). {@code guessesLeft}
     * is 0 when this guess locked PIN proofs.
     */
    public static final class WrongPin extends DispatchRuleViolation {
        private final int guessesLeft;

        public WrongPin(int guessesLeft) {
            super(
                    guessesLeft == 0
                            ? "The PIN does not match the delivery's PIN; that was the last guess allowed: PIN proofs are now "
                                    + "locked for this delivery and an operator must reset them"
                            : "The PIN does not match the delivery's PIN; " + guessesLeft
                                    + (guessesLeft == 1 ? " guess" : " guesses")
                                    + " left before PIN proofs are locked");
            this.guessesLeft = guessesLeft;
        }

        public int guessesLeft() {
            return guessesLeft;
        }
    }

    /** No offer with that id was made to the acting rider (404). */
    public static final class OfferNotFound extends DispatchRuleViolation {
        public OfferNotFound() {
            super("Offer not found");
        }
    }

    /** The offer is no longer open: it expired, was withdrawn, or another rider took the delivery (409). */
    public static final class OfferClosed extends DispatchRuleViolation {
        private final String offerStatus;

        public OfferClosed(String offerStatus) {
            super(
                    switch (offerStatus) {
                        case "EXPIRED" -> "The offer expired";
                        case "TAKEN" -> "Another rider took this delivery";
                        case "WITHDRAWN" -> "The offer was withdrawn";
                        default -> "The offer was already answered (" + offerStatus + ")";
                    });
            this.offerStatus = offerStatus;
        }

        public String offerStatus() {
            return offerStatus;
        }
    }

    /**
     * A rider tried to take a delivery that the dispatcher offers (its policy is not MANUAL)
     * without holding an open offer for it (409).
     */
    public static final class OffersOnly extends DispatchRuleViolation {
        public OffersOnly(String mode) {
            super("This delivery is dispatched by offers (mode " + mode
                    + "): only a rider holding an open offer for it may take it");
        }
    }

    /** The rider already holds as many deliveries as the rider's maxActive allows (409). */
    public static final class RiderAtCapacity extends DispatchRuleViolation {
        public RiderAtCapacity() {
            super("The rider already holds as many deliveries as the rider's maxActive allows");
        }
    }

    /** The engine may not offer or assign the delivery to this rider (409): declined, expired or gave it back before. */
    public static final class RiderExcluded extends DispatchRuleViolation {
        public RiderExcluded() {
            super("This rider declined, let expire or gave back this delivery before");
        }
    }

    /** Only an automatic assignment may be given back with decline (409). */
    public static final class NotAutomaticallyAssigned extends DispatchRuleViolation {
        public NotAutomaticallyAssigned() {
            super("Only a delivery the dispatcher assigned automatically can be declined; report a failure instead");
        }
    }

    /** A plan for a rider who no longer holds the delivery (409): it was given back, reassigned or is NEW again. */
    public static final class NotHeldByRider extends DispatchRuleViolation {
        public NotHeldByRider() {
            super("The rider this plan is for does not hold this delivery");
        }
    }

    /**
     * A move to another rider's route for a delivery the planner may not move (409): an operator or an accepted offer
     * assigned it, or the rider it is to move from no longer holds it.
     */
    public static final class NotMovable extends DispatchRuleViolation {
        public NotMovable(String why) {
            super("This delivery cannot move to another rider's route: " + why);
        }
    }
}
