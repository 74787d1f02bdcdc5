package io.dispatch.kafka.recovery;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;

/**
 * A record a consumer group gave up on (FAILED) or held back behind one (PARKED). Operators see it
 * as JSON without its payload: the record's bytes may hold customer data.
 */
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
        @JsonIgnore byte[] payload) {}
