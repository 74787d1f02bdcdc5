package io.dispatch.events;

import java.util.UUID;
import org.apache.kafka.common.utils.Utils;

/**
 * A Kafka topic of {@link EventEnvelope}s keyed by delivery id. Which partition a delivery
 * lands in is the producer's default choice (murmur2 of the key bytes), so a reader can tell
 * from a delivery id alone which partition's progress to wait for. {@code partitions} is the
 * count a new topic is created with by default ({@code dispatch.kafka.partitions} overrides it);
 * readers use the count the broker reports ({@link #partitionFor(UUID, int)}).
 */
public record Topic(String name, int partitions) {

    public int partitionFor(UUID dispatchId) {
        return partitionFor(dispatchId, partitions);
    }

    /** The partition the producer's default partitioner picks for the delivery in a topic of this many. */
    public static int partitionFor(UUID dispatchId, int partitionCount) {
        byte[] key = Topics.keyOf(dispatchId).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return Utils.toPositive(Utils.murmur2(key)) % partitionCount;
    }
}
