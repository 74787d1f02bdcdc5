package io.dispatch.kafka.recovery;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copy of each dead letter on its group's topic ({@link RecordRecovery#topicOf}), for consumers
 * outside this process, and the {@code dispatch_dead_letters_total} counter. The row in
 * {@code kafka.dead_letters} is the record that counts; the topic copy is best effort.
 */
final class DeadLetterTopic {

    private static final String INSTANCE_SUFFIX = "-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

    private static final Logger log = LoggerFactory.getLogger(DeadLetterTopic.class);

    private final Producer<String, byte[]> producer;
    private final MeterRegistry meters;

    DeadLetterTopic(Producer<String, byte[]> producer, MeterRegistry meters) {
        this.producer = producer;
        this.meters = meters;
    }

    void publish(String group, ConsumerRecord<?, ?> record, byte[] payload, String error, String reason) {
        RecordHeaders headers = new RecordHeaders();
        headers.add("dispatch-dlt-original-topic", record.topic().getBytes(UTF_8));
        headers.add(
                "dispatch-dlt-original-partition",
                String.valueOf(record.partition()).getBytes(UTF_8));
        headers.add(
                "dispatch-dlt-original-offset", String.valueOf(record.offset()).getBytes(UTF_8));
        headers.add("dispatch-dlt-reason", reason.getBytes(UTF_8));
        headers.add("dispatch-dlt-error", error.getBytes(UTF_8));
        String key = record.key() == null ? null : record.key().toString();
        String topic = RecordRecovery.topicOf(group);
        try {
            producer.send(new ProducerRecord<>(topic, null, key, payload, headers))
                    .get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the row in kafka.dead_letters is the record that counts (listing and replay read it)
            log.warn(
                    "Could not copy dead letter {}-{}@{} to {}: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    topic,
                    e.toString());
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Counted by group, where a per-instance group ({@code query-service.tracking-<uuid>}, one per
     * process) counts under its stable name: a label per process start would grow without bound.
     */
    void count(String group, String reason) {
        Counter.builder("dispatch.dead.letters")
                .description("Records a consumer group gave up on (FAILED), held back behind one (PARKED) or skipped")
                .tag("group", String.valueOf(group).replaceFirst(INSTANCE_SUFFIX, ""))
                .tag("reason", reason)
                .register(meters)
                .increment();
    }
}
