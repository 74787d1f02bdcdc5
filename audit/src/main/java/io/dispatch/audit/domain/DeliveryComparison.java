package io.dispatch.audit.domain;

import io.dispatch.events.view.DispatchView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The deliveries read model against the fold of the log. The body is compared as query-service
 * reads it (parsed into a {@link DispatchView}, so a default it fills in is no difference), or as
 * raw JSON when it no longer parses; each column copy is compared under {@code columns.<column>}.
 */
public final class DeliveryComparison {

    private final ObjectMapper json;

    public DeliveryComparison(ObjectMapper json) {
        this.json = json;
    }

    public List<Difference> compare(DispatchView folded, Optional<DeliveryRow> stored) {
        List<Difference> differences = new ArrayList<>();
        if (stored.isEmpty()) {
            differences.add(new Difference(Difference.DELIVERY, "*", json.valueToTree(folded), null));
            return differences;
        }
        DeliveryRow row = stored.get();
        Map<String, Object> expected = columns(folded);
        Map<String, Object> actual = columns(row);
        expected.forEach((column, value) -> JsonComparison.compare(
                Difference.DELIVERY,
                "columns." + column,
                json.valueToTree(value),
                json.valueToTree(actual.get(column)),
                differences));
        JsonComparison.compare(Difference.DELIVERY, "", json.valueToTree(folded), body(row.body()), differences);
        return differences;
    }

    private JsonNode body(String stored) {
        JsonNode raw;
        try {
            raw = json.readTree(stored);
        } catch (JacksonException e) {
            return json.valueToTree(stored);
        }
        try {
            return json.valueToTree(json.treeToValue(raw, DispatchView.class));
        } catch (JacksonException | IllegalArgumentException e) {
            return raw;
        }
    }

    private static Map<String, Object> columns(DispatchView view) {
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put(
                "merchant_id",
                view.merchantId() == null ? null : view.merchantId().toString());
        columns.put("status", view.status() == null ? null : view.status().name());
        columns.put("source", view.source() == null ? null : view.source().wireName());
        columns.put("tracking_token", view.trackingToken());
        columns.put("created_at", view.createdAt());
        columns.put("updated_at", view.updatedAt());
        columns.put("last_sequence", view.sequence());
        columns.put("pickup_lat", view.pickup() == null ? null : view.pickup().lat());
        columns.put("pickup_lng", view.pickup() == null ? null : view.pickup().lng());
        return columns;
    }

    private static Map<String, Object> columns(DeliveryRow row) {
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("merchant_id", row.merchantId());
        columns.put("status", row.status());
        columns.put("source", row.source());
        columns.put("tracking_token", row.trackingToken());
        columns.put("created_at", row.createdAt());
        columns.put("updated_at", row.updatedAt());
        columns.put("last_sequence", row.lastSequence());
        columns.put("pickup_lat", row.pickupLat());
        columns.put("pickup_lng", row.pickupLng());
        return columns;
    }
}
