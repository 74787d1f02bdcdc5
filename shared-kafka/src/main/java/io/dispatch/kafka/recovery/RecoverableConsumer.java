package io.dispatch.kafka.recovery;

import java.util.Map;

/**
 * A consumer group whose records change a database: it says where it stands from its own
 * writes, and can apply a dead-lettered record again. Register it as a bean; the containers of
 * {@link RecoverableListenerContainers} then seek it to its stored positions on
 * every partition assignment, dead-letter a record it cannot apply, and hold back that key's
 * later records until the operator replays them.
 */
public interface RecoverableConsumer {

    /** The Kafka consumer group id. */
    String group();

    /**
     * The next offset to read per partition of {@code topic}, as stored in the same transactions as
     * the consumer's writes; partitions missing from the map start from Kafka's committed offset.
     */
    Map<Integer, Long> storedPositions(String topic);

    /**
     * Moves the stored position past a record that was dead-lettered or held back instead of
     * applied (never backwards), so that reads waiting for the partition to be applied do not wait
     * for it.
     */
    void passed(String topic, int partition, long offset);

    /** How the consumer's record values are kept in a dead letter and read back; event envelopes unless it says otherwise. */
    default RecordCodec<?> codec() {
        return RecordCodec.EVENTS;
    }

    /**
     * Applies a record again from the bytes its dead letter kept (in {@link #codec()}'s format),
     * outside the listener (blocking). Must be idempotent, and must not move a stored position
     * backwards. Throws when it still cannot be applied.
     */
    void reapply(String topic, int partition, long offset, byte[] payload);
}
