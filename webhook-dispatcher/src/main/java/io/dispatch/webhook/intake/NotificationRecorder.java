package io.dispatch.webhook.intake;

import io.dispatch.events.EventEnvelope;
import io.dispatch.kafka.recovery.Faults;
import io.dispatch.kafka.recovery.RecordCodec;
import io.dispatch.kafka.recovery.RecoverableConsumer;
import io.dispatch.webhook.sending.WebhookSender;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Turns dispatch events into notifications for the merchant's endpoint, when one is registered
 * at that moment. The folded delivery state and the notification (with its body bytes, fixed
 * here for every attempt) are written in one transaction before the listener returns, and only
 * then is the Kafka offset committed: a crash re-reads the event, and the source event id makes
 * the second recording a no-op. The delivery state is folded for every merchant, so a merchant
 * that registers later still gets complete payloads. The PIN guard's events are folded (they
 * advance the sequence) but never notified: merchants are not told of wrong PIN guesses. Nor are
 * the dispatch engine's decisions, {@code dispatch.planned} among them; the estimate change a plan
 * makes reaches merchants as {@code dispatch.eta_updated}, a lifecycle event notified with the
 * lifecycle payload under its own name.
 */
@Component
public class NotificationRecorder implements RecoverableConsumer {

    public static final String GROUP = "webhook-dispatcher";
    private static final Logger log = LoggerFactory.getLogger(NotificationRecorder.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final NotificationBatch batch;
    private final WebhookSender sender;

    NotificationRecorder(
            JdbcTemplate jdbc, TransactionTemplate transactions, NotificationBatch batch, WebhookSender sender) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.batch = batch;
        this.sender = sender;
    }

    /**
     * A whole poll in one transaction: the per-event work is a few statements, so committing once
     * per batch rather than once per event is what keeps recording ahead of busy creators. The
     * partitions' next offsets are stored in the same transaction. When the batch fails for a
     * passing reason (the database away), the container retries it from its first record for as
     * long as it lasts; for any other reason, its records are recorded one by one to find the one
     * that fails, and the container retries that record a few times, then dead-letters it.
     */
    @KafkaListener(
            id = GROUP,
            groupId = GROUP,
            topics = "dispatch-events",
            containerFactory = "webhookListenerContainerFactory",
            batch = "true")
    public void on(List<ConsumerRecord<String, EventEnvelope>> records) {
        if (records.isEmpty()) {
            return;
        }
        int created;
        try {
            created = recordAll(records);
        } catch (RuntimeException batchFailure) {
            if (Faults.passing(batchFailure)) {
                throw new BatchListenerFailedException("recording a batch failed", batchFailure, records.get(0));
            }
            created = 0;
            for (ConsumerRecord<String, EventEnvelope> record : records) {
                try {
                    created += recordAll(List.of(record));
                } catch (RuntimeException failure) {
                    if (created > 0) {
                        sender.nudge();
                    }
                    throw new BatchListenerFailedException(
                            "recording " + record.topic() + "-" + record.partition() + "@" + record.offset()
                                    + " failed",
                            failure,
                            record);
                }
            }
        }
        if (created > 0) {
            sender.nudge();
        }
    }

    private int recordAll(List<ConsumerRecord<String, EventEnvelope>> records) {
        Integer created = transactions.execute(status -> {
            Map<TopicPartition, Long> next = new HashMap<>();
            List<EventEnvelope> readable = new ArrayList<>(records.size());
            for (ConsumerRecord<String, EventEnvelope> record : records) {
                if (record.value() == null) {
                    log.warn(
                            "Skipping unreadable record at {}-{}@{}",
                            record.topic(),
                            record.partition(),
                            record.offset());
                } else {
                    readable.add(record.value());
                }
                next.merge(new TopicPartition(record.topic(), record.partition()), record.offset() + 1, Math::max);
            }
            int count = batch.record(readable);
            next.forEach((partition, offset) -> advance(partition.topic(), partition.partition(), offset));
            return count;
        });
        return created == null ? 0 : created;
    }

    private void advance(String topic, int partition, long nextOffset) {
        jdbc.update(
                "insert into webhook.consumer_positions (consumer_group, topic, partition, next_offset) values (?, ?, ?, ?)"
                        + " on conflict (consumer_group, topic, partition) do update"
                        + " set next_offset = greatest(webhook.consumer_positions.next_offset, excluded.next_offset)",
                GROUP,
                topic,
                partition,
                nextOffset);
    }

    @Override
    public void passed(String topic, int partition, long offset) {
        advance(topic, partition, offset + 1);
    }

    @Override
    public String group() {
        return GROUP;
    }

    @Override
    public Map<Integer, Long> storedPositions(String topic) {
        Map<Integer, Long> positions = new HashMap<>();
        jdbc.query(
                "select partition, next_offset from webhook.consumer_positions where consumer_group = ? and topic = ?",
                rs -> {
                    positions.put(rs.getInt(1), rs.getLong(2));
                },
                GROUP,
                topic);
        return positions;
    }

    @Override
    public void reapply(String topic, int partition, long offset, byte[] payload) {
        EventEnvelope envelope = RecordCodec.EVENTS.read(topic, payload);
        Integer due = transactions.execute(status -> batch.record(List.of(envelope)));
        if (due != null && due > 0) {
            sender.nudge();
        }
    }
}
