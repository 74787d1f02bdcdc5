package io.dispatch.webhook.intake;

import io.dispatch.events.DeliveryPinEvent;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.view.DispatchView;
import io.dispatch.kafka.recovery.Faults;
import io.dispatch.kafka.recovery.RecordCodec;
import io.dispatch.kafka.recovery.RecoverableConsumer;
import io.dispatch.webhook.delivery.WebhookSender;
import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import io.dispatch.webhook.notification.Notifications;
import io.dispatch.webhook.notification.WebhookPayloads;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.ObjectMapper;

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
    private final WebhookEndpoints endpoints;
    private final Notifications notifications;
    private final WebhookSender sender;
    private final ObjectMapper json;
    private final Clock clock;

    public NotificationRecorder(
            JdbcTemplate jdbc,
            TransactionTemplate transactions,
            WebhookEndpoints endpoints,
            Notifications notifications,
            WebhookSender sender,
            ObjectMapper json,
            Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.endpoints = endpoints;
        this.notifications = notifications;
        this.sender = sender;
        this.json = json;
        this.clock = clock;
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
            int count = recordTogether(readable);
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
        Integer due = transactions.execute(status -> recordTogether(List.of(envelope)));
        if (due != null && due > 0) {
            sender.nudge();
        }
    }

    /**
     * Records a poll's events in its transaction with a few statements for the whole poll rather
     * than four per event: the folded states of its deliveries are read (and locked, in id order)
     * in one query and the merchants' registrations in another, every event is folded in memory
     * in order, then the changed states and the new notifications are written in one JDBC batch
     * each. The number of new notifications that are due (not kept).
     */
    int recordTogether(List<EventEnvelope> envelopes) {
        List<EventEnvelope> lifecycle = envelopes.stream()
                .filter(envelope -> envelope.event() instanceof DispatchLifecycleEvent)
                .toList();
        if (lifecycle.isEmpty()) {
            return 0;
        }
        Map<UUID, DispatchView> states = new HashMap<>();
        jdbc.query(
                "select dispatch_id, body from webhook.dispatch_state where dispatch_id = any(?::uuid[])"
                        + " order by dispatch_id for update",
                (RowCallbackHandler) rs ->
                        states.put(rs.getObject(1, UUID.class), json.readValue(rs.getString(2), DispatchView.class)),
                uuidArray(lifecycle.stream().map(EventEnvelope::dispatchId).toList()));
        Map<UUID, WebhookEndpoints.Registration> registrations = endpoints.registrations(
                lifecycle.stream().map(EventEnvelope::merchantId).toList());
        Map<UUID, DispatchView> changed = new LinkedHashMap<>();
        List<Notifications.New> created = new ArrayList<>();
        for (EventEnvelope envelope : lifecycle) {
            DispatchView current = states.get(envelope.dispatchId());
            DispatchView view;
            if (current == null) {
                if (!(envelope.event() instanceof DispatchCreated)) {
                    continue;
                }
                view = DispatchView.created(envelope);
            } else {
                if (envelope.sequence() <= current.sequence()) {
                    continue;
                }
                view = current.apply(envelope);
            }
            states.put(view.dispatchId(), view);
            changed.put(view.dispatchId(), view);
            if (envelope.event() instanceof DeliveryPinEvent || envelope.event() instanceof DispatchDecisionEvent) {
                continue;
            }
            WebhookEndpoints.Registration endpoint = registrations.get(envelope.merchantId());
            if (endpoint == null) {
                continue;
            }
            byte[] body = envelope.event() instanceof RiderLocationUpdated location
                    ? WebhookPayloads.location(view, location)
                    : WebhookPayloads.lifecycle(envelope.type(), view);
            created.add(new Notifications.New(
                    UUID.randomUUID(),
                    envelope.eventId(),
                    envelope.dispatchId(),
                    envelope.merchantId(),
                    envelope.sequence(),
                    envelope.type(),
                    body,
                    endpoint.disabled() ? EndpointHealth.keptBecause(endpoint.disabledReason()) : null));
        }
        jdbc.batchUpdate(
                "insert into webhook.dispatch_state (dispatch_id, last_sequence, body) values (?, ?, ?::jsonb)"
                        + " on conflict (dispatch_id) do update"
                        + " set last_sequence = excluded.last_sequence, body = excluded.body",
                changed.values().stream()
                        .map(view -> new Object[] {view.dispatchId(), view.sequence(), json.writeValueAsString(view)})
                        .toList());
        if (created.isEmpty()) {
            return 0;
        }
        boolean[] inserted = notifications.createAll(created, clock.instant());
        int due = 0;
        for (int i = 0; i < inserted.length; i++) {
            if (inserted[i] && created.get(i).keptBecause() == null) {
                due++;
            }
        }
        return due;
    }

    private static String uuidArray(List<UUID> ids) {
        return ids.stream().distinct().map(UUID::toString).collect(Collectors.joining(",", "{", "}"));
    }
}
