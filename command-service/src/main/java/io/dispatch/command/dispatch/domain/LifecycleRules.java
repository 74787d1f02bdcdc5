package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotTheAssignedRider;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.TransitionNotAllowed;
import io.dispatch.events.Actor;
import io.dispatch.events.ActorType;
import io.dispatch.events.DispatchStatus;
import java.util.Objects;
import java.util.UUID;

/**
 * Which status, and which rider, a command on an existing delivery needs. Kept apart from the
 * aggregate so that the aggregate reads as "check, then apply": each check refuses a command the
 * lifecycle does not allow with the violation the API answers (409 for a status, 403 for a rider).
 */
final class LifecycleRules {

    private LifecycleRules() {}

    /** A rider takes a NEW delivery; an operator may also move an ASSIGNED one to another rider. */
    static void requireAssignable(DispatchStatus status, Actor actor) {
        boolean reassignment = status == DispatchStatus.ASSIGNED && actor.type() == ActorType.OPERATOR;
        if (status != DispatchStatus.NEW && !reassignment) {
            throw new TransitionNotAllowed(status, "assign");
        }
    }

    static void requireStatus(DispatchStatus status, DispatchStatus expected, String action) {
        if (status != expected) {
            throw new TransitionNotAllowed(status, action);
        }
    }

    /** DELIVERED, FAILED and CANCELLED are final: nothing more happens to the delivery. */
    static void requireNotEnded(DispatchStatus status, String action) {
        if (status.isTerminal()) {
            throw new TransitionNotAllowed(status, action);
        }
    }

    static void requireAssignedRider(UUID assignedRider, UUID actingRider) {
        if (assignedRider == null || !Objects.equals(assignedRider, actingRider)) {
            throw new NotTheAssignedRider();
        }
    }
}
