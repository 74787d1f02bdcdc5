package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** Could not be completed (any non-terminal status to FAILED), with a reason code and detail. */
public record DispatchFailed(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, FailureReason reasonCode, String detail)
        implements DispatchLifecycleEvent {}
