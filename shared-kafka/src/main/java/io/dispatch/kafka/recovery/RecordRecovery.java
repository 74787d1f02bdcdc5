package io.dispatch.kafka.recovery;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.kafka.listener.BatchInterceptor;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.springframework.kafka.listener.RecordInterceptor;
import org.springframework.kafka.support.KafkaUtils;
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
 *       the record is dead-lettered: stored in {@code kafka.dead_letters}, published to the
 *       group's dead-letter topic ({@code <group>.dead-letters}), counted in
 *       {@code dispatch_dead_letters_total}, and the partition moves on.
 *   <li>The dead-lettered record's key is parked: the group's later records of that key (one
 *       delivery) are held back as dead letters too, so the delivery's order survives the replay.
 * </ul>
 * Groups without a {@link RecoverableConsumer} (in-memory ones such as the tracking streams)
 * keep Kafka's offsets and, after the bounded retries, log and skip the record. The parked keys
 * are {@link ParkedKeys}; the topic copy and the counter, {@link DeadLetterTopic}.
 */
public class RecordRecovery {

    private static final Logger log = LoggerFactory.getLogger(RecordRecovery.class);
    public static final String TOPIC_SUFFIX = ".dead-letters";

    private final DeadLetters letters;
    private final GroupConsumers consumers;
    private final DeadLetterTopic topic;
    private final ParkedKeys parked;
    private final MeterRegistry meters;
    private final int attempts;

    public RecordRecovery(
            DeadLetters letters,
            ObjectProvider<RecoverableConsumer> consumers,
            Producer<String, byte[]> producer,
            MeterRegistry meters,
            int attempts) {
        this.letters = letters;
        this.consumers = new GroupConsumers(consumers);
        this.topic = new DeadLetterTopic(producer, meters);
        this.parked = new ParkedKeys(letters, this.consumers, topic);
        this.meters = meters;
        this.attempts = attempts;
    }

    public static String topicOf(String group) {
        return group + TOPIC_SUFFIX;
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
        if (group == null || consumers.of(group).isEmpty()) {
            log.error(
                    "Skipping {}-{}@{} of group {} after {} attempts: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    group,
                    attempts,
                    cause.toString());
            topic.count(group, "skipped");
            return;
        }
        byte[] payload = consumers.payload(group, record, failure);
        String error = cause.getClass().getName() + ": " + cause.getMessage();
        boolean stored = letters.fail(group, record, payload, error);
        consumers.of(group).orElseThrow().passed(record.topic(), record.partition(), record.offset());
        parked.park(group, record.key());
        topic.publish(group, record, payload, error, DeadLetters.FAILED);
        if (stored) {
            topic.count(group, DeadLetters.FAILED);
        }
        log.error(
                "Dead-lettered {}-{}@{} (key {}) of group {} after {} attempts; its key's later records are held "
                        + "back until a replay (POST /api/v1/admin/dead-letters/replay): {}",
                record.topic(),
                record.partition(),
                record.offset(),
                record.key(),
                group,
                attempts,
                error);
    }

    /** The record interceptor: holds back a parked key's later records. */
    public <V> RecordInterceptor<String, V> interceptor() {
        return parked.recordInterceptor();
    }

    /** The same for a batch listener. */
    public <V> BatchInterceptor<String, V> batchInterceptor() {
        return parked.batchInterceptor();
    }

    /** Seeks every assigned partition to the consumer's stored position, and reloads the parked keys. */
    public ConsumerAwareRebalanceListener positions(ConsumerAwareRebalanceListener next) {
        return new ConsumerAwareRebalanceListener() {
            @Override
            public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
                String group = consumer.groupMetadata().groupId();
                consumers.of(group).ifPresent(recoverable -> {
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
                    parked.reload(group);
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
        int applied = 0;
        for (String[] groupAndKey : letters.keysToReplay(consumers.groups(), 100)) {
            String group = groupAndKey[0];
            RecoverableConsumer consumer = consumers.of(group).orElseThrow();
            int done = letters.replay(
                    group,
                    groupAndKey[1],
                    letter -> consumer.reapply(letter.topic(), letter.partition(), letter.offset(), kept(letter)));
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

    private static Throwable rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null
                && cause.getCause() != cause
                && (cause instanceof ListenerExecutionFailedException
                        || cause.getClass().getName().startsWith("org.springframework.kafka"))) {
            cause = cause.getCause();
        }
        return cause;
    }
}
