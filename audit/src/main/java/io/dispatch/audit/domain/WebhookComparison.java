package io.dispatch.audit.domain;

import io.dispatch.events.EventEnvelope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The webhook attempts read model against the dispatcher's own record, which is the source of
 * the webhook-attempts events (its outbox): each notification must show the same state in both,
 * and must have been made for an event of the delivery's stream ({@code sourceEvent}: its type
 * and sequence as the log has them). Notifications are named {@code webhooks[<notificationId>]}.
 * Instants are compared at the contract's millisecond precision (the topic carries updatedAt so).
 */
public final class WebhookComparison {

    private final ObjectMapper json;

    public WebhookComparison(ObjectMapper json) {
        this.json = json;
    }

    public List<Difference> compare(
            List<EventEnvelope> events, List<WebhookNotification> dispatcher, List<WebhookNotification> readModel) {
        Map<UUID, EventEnvelope> stream =
                events.stream().collect(Collectors.toMap(EventEnvelope::eventId, Function.identity(), (a, b) -> a));
        Map<UUID, WebhookNotification> shown = byId(readModel);
        List<Difference> differences = new ArrayList<>();
        for (WebhookNotification notification : dispatcher) {
            String field = "webhooks[" + notification.id() + "]";
            sourceEvent(field, notification, stream, differences);
            WebhookNotification row = shown.remove(notification.id());
            JsonComparison.compare(
                    Difference.WEBHOOKS,
                    field,
                    json.valueToTree(notification.state().atMillis()),
                    row == null ? null : json.valueToTree(row.state().atMillis()),
                    differences);
        }
        for (WebhookNotification orphan : shown.values()) {
            differences.add(new Difference(
                    Difference.WEBHOOKS,
                    "webhooks[" + orphan.id() + "]",
                    null,
                    json.valueToTree(orphan.state().atMillis())));
        }
        return differences;
    }

    private void sourceEvent(
            String field, WebhookNotification notification, Map<UUID, EventEnvelope> stream, List<Difference> out) {
        EventEnvelope source = notification.sourceEventId() == null ? null : stream.get(notification.sourceEventId());
        JsonNode recorded =
                event(notification.sourceEventId(), notification.state().event(), notification.sequence());
        if (source == null) {
            out.add(new Difference(Difference.WEBHOOKS, field + ".sourceEvent", null, recorded));
        } else {
            JsonComparison.compare(
                    Difference.WEBHOOKS,
                    field + ".sourceEvent",
                    event(source.eventId(), source.type(), source.sequence()),
                    recorded,
                    out);
        }
    }

    private ObjectNode event(UUID id, String type, Long sequence) {
        ObjectNode event = json.createObjectNode();
        event.put("id", id == null ? null : id.toString());
        event.put("type", type);
        event.put("sequence", sequence);
        return event;
    }

    private static Map<UUID, WebhookNotification> byId(List<WebhookNotification> notifications) {
        Map<UUID, WebhookNotification> byId = new LinkedHashMap<>();
        notifications.forEach(notification -> byId.putIfAbsent(notification.id(), notification));
        return byId;
    }
}
