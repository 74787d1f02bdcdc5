package io.dispatch.events;

import java.util.UUID;
import org.apache.kafka.common.utils.Utils;

/**
 * A Kafka topic of {@link EventEnvelope}s keyed by delivery id. Which partition a delivery
 * lands in is the producer's default choice (murmur2 of the key bytes), so a reader can tell
 * from a delivery id alone which partition's progress to wait for.
 */
public record Topic(String name, int partitions) {

  public int partitionFor(UUID dispatchId) {
    byte[] key = Topics.keyOf(dispatchId).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return Utils.toPositive(Utils.murmur2(key)) % partitions;
  }
}
