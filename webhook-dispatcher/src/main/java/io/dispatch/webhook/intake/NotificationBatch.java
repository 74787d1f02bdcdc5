package io.dispatch.webhook.intake;

import io.dispatch.events.DeliveryPinEvent;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.view.DispatchView;
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
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

/**
 * A poll's dispatch events written as folded delivery states and notifications, inside the
 * caller's transaction ({@link NotificationRecorder} owns the transaction and the Kafka offsets).
 * The PIN guard's events and the dispatch engine's decisions are folded but never notified.
 */
@Component
class NotificationBatch {

    private final JdbcTemplate jdbc;
    private final WebhookEndpoints endpoints;
    private final Notifications notifications;
    private final ObjectMapper json;
    private final Clock clock;

    NotificationBatch(
            JdbcTemplate jdbc,
            WebhookEndpoints endpoints,
            Notifications notifications,
            ObjectMapper json,
            Clock clock) {
        this.jdbc = jdbc;
        this.endpoints = endpoints;
        this.notifications = notifications;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Records a poll's events in its transaction with a few statements for the whole poll rather
     * than four per event: the folded states of its deliveries are read (and locked, in id order)
     * in one query and the merchants' registrations in another, every event is folded in memory
     * in order, then the changed states and the new notifications are written in one JDBC batch
     * each. The number of new notifications that are due (not kept).
     */
    int record(List<EventEnvelope> envelopes) {
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
