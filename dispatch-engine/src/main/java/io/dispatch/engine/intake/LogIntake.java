package io.dispatch.engine.intake;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.policy.core.Fact;
import io.dispatch.policy.core.Point;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the log for the engine: every partition of dispatch-events from {@code replayWindow} ago
 * and of rider-positions from {@code maxPositionAge} ago, on one thread of its own, and hands each
 * poll's records to the engine as one batch, in log order per delivery and per rider. It belongs
 * to no consumer group: every instance (the deciding one and the stand-bys) keeps the whole state,
 * so a stand-by takes over warm. A record it cannot read is logged and skipped (the engine decides
 * nothing from it; the read model's dead letters keep such a record for operators).
 */
public final class LogIntake implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LogIntake.class);

    /** One poll's records, already turned into what the engine consumes. */
    public record Batch(List<EventEnvelope> envelopes, List<Fact> positions, boolean caughtUp, long receivedNanos) {}

    private final Map<String, Object> settings;
    private final Duration replayWindow;
    private final Duration maxPositionAge;
    private final Consumer<Batch> engine;
    private final EventCodec codec = EventCodec.standard();
    private final RiderPositionCodec.Reader positions = new RiderPositionCodec.Reader();
    private final java.util.concurrent.ScheduledExecutorService thread =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().name("dispatch-engine-log").daemon().factory());
    private volatile KafkaConsumer<byte[], byte[]> consumer;
    private volatile boolean running = true;

    public LogIntake(
            Map<String, Object> kafkaSettings, Duration replayWindow, Duration maxPositionAge, Consumer<Batch> engine) {
        this.settings = new HashMap<>(kafkaSettings);
        this.settings.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        this.settings.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        this.settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        this.settings.remove(ConsumerConfig.GROUP_ID_CONFIG);
        this.settings.put(ConsumerConfig.CLIENT_ID_CONFIG, "dispatch-engine");
        this.replayWindow = replayWindow;
        this.maxPositionAge = maxPositionAge;
        this.engine = engine;
    }

    public void start() {
        thread.execute(this::run);
    }

    /** Reads until stopped; when the consumer fails, reads again (replaying the window) 2 s later. */
    private void run() {
        if (running) {
            try (KafkaConsumer<byte[], byte[]> reading = new KafkaConsumer<>(settings)) {
                consumer = reading;
                Map<TopicPartition, Long> replayEnd = assign(reading);
                boolean caughtUp = false;
                while (running) {
                    var records = reading.poll(Duration.ofMillis(500));
                    long received = System.nanoTime();
                    List<EventEnvelope> envelopes = new ArrayList<>();
                    List<Fact> fixes = new ArrayList<>();
                    for (ConsumerRecord<byte[], byte[]> record : records) {
                        read(record, envelopes, fixes);
                    }
                    if (!caughtUp) {
                        caughtUp = replayEnd.entrySet().stream()
                                .allMatch(end -> reading.position(end.getKey()) >= end.getValue());
                        if (caughtUp) {
                            log.info("The dispatch engine has read the log up to its end at start");
                        }
                    }
                    if (!envelopes.isEmpty() || !fixes.isEmpty() || caughtUp) {
                        engine.accept(new Batch(envelopes, fixes, caughtUp, received));
                    }
                }
            } catch (WakeupException stopping) {
                return;
            } catch (RuntimeException e) {
                // the broker went away or the consumer failed: start over, replaying the window
                log.warn("The dispatch engine's log reader failed ({}); reading again in 2 s", e.toString());
                if (running) {
                    thread.schedule(this::run, 2, java.util.concurrent.TimeUnit.SECONDS);
                }
            }
        }
    }

    private Map<TopicPartition, Long> assign(KafkaConsumer<byte[], byte[]> reading) {
        List<TopicPartition> partitions = new ArrayList<>();
        Map<TopicPartition, Long> startAt = new HashMap<>();
        long now = System.currentTimeMillis();
        for (var topic : List.of(Topics.DISPATCH_EVENTS, Topics.RIDER_POSITIONS)) {
            long from = now - (topic == Topics.DISPATCH_EVENTS ? replayWindow : maxPositionAge).toMillis();
            for (var info : reading.partitionsFor(topic.name(), Duration.ofSeconds(30))) {
                TopicPartition partition = new TopicPartition(topic.name(), info.partition());
                partitions.add(partition);
                startAt.put(partition, from);
            }
        }
        reading.assign(partitions);
        Map<TopicPartition, OffsetAndTimestamp> offsets = reading.offsetsForTimes(startAt, Duration.ofSeconds(30));
        Map<TopicPartition, Long> ends = reading.endOffsets(partitions, Duration.ofSeconds(30));
        for (TopicPartition partition : partitions) {
            OffsetAndTimestamp offset = offsets.get(partition);
            reading.seek(partition, offset == null ? ends.get(partition) : offset.offset());
        }
        return ends;
    }

    private void read(ConsumerRecord<byte[], byte[]> record, List<EventEnvelope> envelopes, List<Fact> fixes) {
        try {
            if (record.topic().equals(Topics.RIDER_POSITIONS.name())) {
                RiderPositionReported fix = positions.deserialize(record.topic(), record.value());
                Instant at = fix.recordedAt() == null ? fix.receivedAt() : fix.recordedAt();
                fixes.add(new Fact.RiderPosition(fix.riderId(), new Point(fix.latitude(), fix.longitude()), at));
            } else {
                envelopes.add(codec.decode(record.value()));
            }
        } catch (RuntimeException unreadable) {
            log.warn(
                    "The dispatch engine skips an unreadable record at {}-{}@{}: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    unreadable.toString());
        }
    }

    @Override
    public void close() {
        running = false;
        KafkaConsumer<byte[], byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
        thread.shutdown();
        try {
            thread.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
