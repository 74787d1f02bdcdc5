package io.dispatch.web.kafka.recovery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.kafka.listener.BatchInterceptor;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.RecordInterceptor;
import org.springframework.kafka.support.KafkaUtils;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * What a consumer group of a {@link RecoverableConsumer} does when a record goes wrong, and where
 * it starts reading.
 * <ul>
 *   <li>On every partition assignment it seeks to the positions the consumer stored with its own
 *       writes, never trusting an offset that ran ahead of a rolled-back transaction.
 *   <li>A passing failure ({@link Faults#passing}: the database or broker away) is retried with
 *       backoff for as long as it lasts. Any other failure is retried {@code attempts} times, then
 *       the record is dead-lettered: stored in {@code identity.dead_letters}, published to the
 *       group's dead-letter topic ({@code <group>.dead-letters}), counted in
 *       {@code dispatch_dead_letters_total}, and the partition moves on.
 *   <li>The dead-lettered record's key is parked: the group's later records of that key (one
 *       delivery) are held back as dead letters too, so the delivery's order survives the replay.
 * </ul>
 * Groups without a {@link RecoverableConsumer} (in-memory ones such as the tracking streams)
 * keep Kafka's offsets and, after the bounded retries, log and skip the record.
 */
public class RecordRecovery {

  private static final String INSTANCE_SUFFIX = "-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

  private static final Logger log = LoggerFactory.getLogger(RecordRecovery.class);
  public static final String TOPIC_SUFFIX = ".dead-letters";

  private final DeadLetters letters;
  private final ObjectProvider<RecoverableConsumer> consumers;
  private final Producer<String, byte[]> producer;
  private final MeterRegistry meters;
  private final int attempts;
  /** Keys each group of this process holds back: a hint, checked against the database. */
  private final Map<String, Set<String>> parked = new ConcurrentHashMap<>();

  public RecordRecovery(
      DeadLetters letters,
      ObjectProvider<RecoverableConsumer> consumers,
      Producer<String, byte[]> producer,
      MeterRegistry meters,
      int attempts) {
    this.letters = letters;
    this.consumers = consumers;
    this.producer = producer;
    this.meters = meters;
    this.attempts = attempts;
  }

  public static String topicOf(String group) {
    return group + TOPIC_SUFFIX;
  }

  Optional<RecoverableConsumer> consumer(String group) {
    return consumers.orderedStream().filter(c -> c.group().equals(group)).findFirst();
  }

  /** The error handler: passing failures forever, others {@code attempts} times, then the dead letter. */
  public DefaultErrorHandler errorHandler() {
    DefaultErrorHandler handler = new DefaultErrorHandler(this::deadLetter, bounded());
    handler.setBackOffFunction((record, failure) -> Faults.passing(failure) ? unbounded() : bounded());
    // a record that failed for a passing reason is not "the same failure" as a bounded one
    handler.setResetStateOnExceptionChange(true);
    return handler;
  }

  private BackOff bounded() {
    ExponentialBackOff backOff = new ExponentialBackOff(200, 2.0);
    backOff.setMaxAttempts(Math.max(0, attempts - 1));
    return backOff;
  }

  private static BackOff unbounded() {
    ExponentialBackOff backOff = new ExponentialBackOff(200, 2.0);
    backOff.setMaxInterval(30_000);
    return backOff;
  }

  private void deadLetter(ConsumerRecord<?, ?> record, Exception failure) {
    String group = KafkaUtils.getConsumerGroupId();
    Throwable cause = rootCause(failure);
    if (group == null || consumer(group).isEmpty()) {
      log.error("Skipping {}-{}@{} of group {} after {} attempts: {}", record.topic(), record.partition(),
          record.offset(), group, attempts, cause.toString());
      count(group, "skipped");
      return;
    }
    byte[] payload = payload(codecOf(group), record, failure);
    String error = cause.getClass().getName() + ": " + cause.getMessage();
    boolean stored = letters.fail(group, record, payload, error);
    consumer(group).orElseThrow().passed(record.topic(), record.partition(), record.offset());
    if (record.key() != null) {
      parked.computeIfAbsent(group, g -> ConcurrentHashMap.newKeySet()).add(record.key().toString());
    }
    publish(group, record, payload, error, DeadLetters.FAILED);
    if (stored) {
      count(group, DeadLetters.FAILED);
    }
    log.error("Dead-lettered {}-{}@{} (key {}) of group {} after {} attempts; its key's later records are held "
        + "back until a replay (POST /api/v1/admin/dead-letters/replay): {}", record.topic(), record.partition(),
        record.offset(), record.key(), group, attempts, error);
  }

  /** The record interceptor: holds back a parked key's later records. */
  public <V> RecordInterceptor<String, V> interceptor() {
    return new RecordInterceptor<>() {
      @Override
      public ConsumerRecord<String, V> intercept(ConsumerRecord<String, V> record, Consumer<String, V> consumer) {
        return heldBack(consumer.groupMetadata().groupId(), record) ? null : record;
      }
    };
  }

  /** The same for a batch listener. */
  public <V> BatchInterceptor<String, V> batchInterceptor() {
    return new BatchInterceptor<>() {
      @Override
      public ConsumerRecords<String, V> intercept(ConsumerRecords<String, V> records, Consumer<String, V> consumer) {
        String group = consumer.groupMetadata().groupId();
        if (parked.getOrDefault(group, Set.of()).isEmpty()) {
          return records;
        }
        Map<TopicPartition, List<ConsumerRecord<String, V>>> kept = new HashMap<>();
        for (TopicPartition partition : records.partitions()) {
          List<ConsumerRecord<String, V>> list = records.records(partition).stream()
              .filter(record -> !heldBack(group, record))
              .toList();
          kept.put(partition, list);
        }
        return new ConsumerRecords<>(kept, Map.of());
      }
    };
  }

  private boolean heldBack(String group, ConsumerRecord<?, ?> record) {
    Set<String> keys = parked.get(group);
    if (keys == null || record.key() == null || !keys.contains(record.key().toString())) {
      return false;
    }
    byte[] payload = payload(codecOf(group), record, null);
    if (letters.parkIfBehind(group, record, payload)) {
      consumer(group).ifPresent(c -> c.passed(record.topic(), record.partition(), record.offset()));
      publish(group, record, payload, "held back behind an earlier dead letter", DeadLetters.PARKED);
      count(group, DeadLetters.PARKED);
      log.warn("Held back {}-{}@{} (key {}) of group {}: an earlier record of the key is dead-lettered",
          record.topic(), record.partition(), record.offset(), record.key(), group);
      return true;
    }
    keys.remove(record.key().toString());
    return false;
  }

  /** Seeks every assigned partition to the consumer's stored position, and reloads the parked keys. */
  public ConsumerAwareRebalanceListener positions(ConsumerAwareRebalanceListener next) {
    return new ConsumerAwareRebalanceListener() {
      @Override
      public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        String group = consumer.groupMetadata().groupId();
        consumer(group).ifPresent(recoverable -> {
          Map<String, Map<Integer, Long>> stored = new HashMap<>();
          for (TopicPartition partition : partitions) {
            Long next = stored.computeIfAbsent(partition.topic(), recoverable::storedPositions)
                .get(partition.partition());
            if (next != null) {
              consumer.seek(partition, next);
            }
          }
          if (!partitions.isEmpty()) {
            log.info("Group {} resumes {} from its stored positions {}", group, partitions, stored);
          }
          Set<String> keys = ConcurrentHashMap.newKeySet();
          keys.addAll(letters.parkedKeys(group));
          parked.put(group, keys);
        });
        next.onPartitionsAssigned(consumer, partitions);
      }

      @Override
      public void onPartitionsRevokedAfterCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        next.onPartitionsRevokedAfterCommit(consumer, partitions);
      }

      @Override
      public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        next.onPartitionsLost(consumer, partitions);
      }
    };
  }

  /** Replays the letters asked for, of the groups of this process. Answers how many were applied. */
  public int replayRequested() {
    Set<String> groups = new java.util.HashSet<>();
    consumers.orderedStream().forEach(c -> groups.add(c.group()));
    int applied = 0;
    for (String[] groupAndKey : letters.keysToReplay(groups, 100)) {
      String group = groupAndKey[0];
      RecoverableConsumer consumer = consumer(group).orElseThrow();
      int done = letters.replay(group, groupAndKey[1], letter -> consumer.reapply(
          letter.topic(), letter.partition(), letter.offset(), kept(letter)));
      if (done > 0) {
        log.info("Replayed {} dead letters of key {} in group {}", done, groupAndKey[1], group);
        meters.counter("dispatch.dead.letters.replayed", "group", group).increment(done);
        applied += done;
      }
    }
    return applied;
  }

  private static byte[] kept(DeadLetter letter) {
    if (letter.payload() == null) {
      throw new IllegalStateException("dead letter " + letter.id() + " kept no payload");
    }
    return letter.payload();
  }

  /** The record's bytes as they were on the log: those the decoder refused, or its value written back. */
  private RecordCodec<?> codecOf(String group) {
    return consumer(group).<RecordCodec<?>>map(RecoverableConsumer::codec).orElse(RecordCodec.EVENTS);
  }

  private static byte[] payload(RecordCodec<?> codec, ConsumerRecord<?, ?> record, Exception failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof DeserializationException undecodable) {
        return undecodable.getData();
      }
    }
    return codec.bytesOf(record.topic(), record.value());
  }

  private void publish(String group, ConsumerRecord<?, ?> record, byte[] payload, String error, String reason) {
    RecordHeaders headers = new RecordHeaders();
    headers.add("dispatch-dlt-original-topic", record.topic().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    headers.add("dispatch-dlt-original-partition",
        String.valueOf(record.partition()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    headers.add("dispatch-dlt-original-offset",
        String.valueOf(record.offset()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    headers.add("dispatch-dlt-reason", reason.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    headers.add("dispatch-dlt-error", error.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    String key = record.key() == null ? null : record.key().toString();
    try {
      producer.send(new ProducerRecord<>(topicOf(group), null, key, payload, headers)).get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      // the row in identity.dead_letters is the record that counts (listing and replay read it)
      log.warn("Could not copy dead letter {}-{}@{} to {}: {}", record.topic(), record.partition(),
          record.offset(), topicOf(group), e.toString());
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Counted by group, where a per-instance group ({@code query-service.tracking-<uuid>}, one per
   * process) counts under its stable name: a label per process start would grow without bound.
   */
  private void count(String group, String reason) {
    Counter.builder("dispatch.dead.letters")
        .description("Records a consumer group gave up on (FAILED), held back behind one (PARKED) or skipped")
        .tag("group", String.valueOf(group).replaceFirst(INSTANCE_SUFFIX, ""))
        .tag("reason", reason)
        .register(meters)
        .increment();
  }

  private static Throwable rootCause(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause
        && (cause instanceof org.springframework.kafka.listener.ListenerExecutionFailedException
            || cause.getClass().getName().startsWith("org.springframework.kafka"))) {
      cause = cause.getCause();
    }
    return cause;
  }
}
