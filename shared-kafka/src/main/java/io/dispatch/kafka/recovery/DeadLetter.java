package io.dispatch.kafka.recovery;

import java.time.Instant;

/** A record a consumer group gave up on (FAILED) or held back behind one (PARKED). */
public record DeadLetter(
        long id,
        String group,
        String topic,
        int partition,
        long offset,
        String key,
        String reason,
        String error,
        String status,
        Instant failedAt,
        Instant replayRequestedAt,
        Instant replayedAt,
        String replayError,
        byte[] payload) {}
