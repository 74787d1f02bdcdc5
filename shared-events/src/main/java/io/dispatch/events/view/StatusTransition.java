package io.dispatch.events.view;

import io.dispatch.events.DeliveryPinEvent;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.WebhookAttemptRecorded;
import java.time.Instant;

/**
 * One entry of a delivery's status history, as {@code query.dispatch_history} keeps it. The one
 * rule for which events make an entry and what it holds: the live projection, the rebuild and the
 * audit all use it, so they cannot disagree.
 */
public record StatusTransition(
        long sequence,
        String status,
        String previousStatus,
        Instant occurredAt,
        String actorType,
        String actorId,
        String reasonCode,
        String detail) {

    /** Whether the event makes a history entry: every status change (creation included), not location updates, PIN guard events or dispatch decisions. */
    public static boolean isTransition(EventEnvelope envelope) {
        return !(envelope.event() instanceof RiderLocationUpdated
                || envelope.event() instanceof DeliveryPinEvent
                || envelope.event() instanceof EtaUpdated
                || envelope.event() instanceof DispatchDecisionEvent
                || envelope.event() instanceof WebhookAttemptRecorded);
    }

    /** The entry of an event that moved the delivery from {@code previous} (null for the creation) to {@code status}. */
    public static StatusTransition of(EventEnvelope envelope, DispatchStatus status, DispatchStatus previous) {
        String reasonCode = envelope.event() instanceof DispatchFailed failed && failed.reasonCode() != null
                ? failed.reasonCode().name()
                : null;
        String detail = switch (envelope.event()) {
            case DispatchFailed failed -> failed.detail();
            case DispatchCancelled cancelled -> cancelled.reason();
            case RiderUnassigned unassigned -> unassigned.reason();
            default -> null;
        };
        return new StatusTransition(
                envelope.sequence(),
                status.name(),
                previous == null ? null : previous.name(),
                envelope.occurredAt(),
                envelope.actor().type().wireName(),
                envelope.actor().id(),
                reasonCode,
                detail);
    }
}
