package io.dispatch.command.proofmedia.domain;

import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotTheAssignedRider;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.TransitionNotAllowed;
import io.dispatch.command.dispatch.domain.SandboxLine;
import io.dispatch.events.DispatchStatus;
import java.util.Objects;
import java.util.UUID;

/**
 * Who may add proof media to a delivery: the rider who holds it while it is under way (ASSIGNED,
 * PICKED_UP or IN_TRANSIT), checked in the order of the rider's other steps: across the sandbox
 * line 404, held by another rider or by none 403, ended 409.
 */
public final class UploadRules {

    private UploadRules() {}

    public static void requireHolder(
            UUID merchantId, UUID holder, DispatchStatus status, UUID rider, SandboxLine line) {
        if (!line.sameSide(merchantId, rider)) {
            throw new NotFound();
        }
        if (holder == null || !Objects.equals(holder, rider)) {
            throw new NotTheAssignedRider();
        }
        if (status.isTerminal() || status == DispatchStatus.NEW) {
            throw new TransitionNotAllowed(status, "add proof media to");
        }
    }
}
