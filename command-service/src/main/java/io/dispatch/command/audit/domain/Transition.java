package io.dispatch.command.audit.domain;

import java.time.Instant;

/** A status transition as {@code query.dispatch_history} keeps it, one row per transition. */
public record Transition(
    long sequence,
    String status,
    String previousStatus,
    Instant occurredAt,
    String actorType,
    String actorId,
    String reasonCode,
    String detail) {}
