package io.dispatch.policy.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.policy.core.Fallback;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads and writes scenario files; fields a file leaves out take section 14's defaults. */
public final class ScenarioJson {

    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ScenarioJson() {}

    public static Scenario read(Path file) throws IOException {
        return fromTree(MAPPER.readTree(file.toFile()));
    }

    static Scenario fromTree(JsonNode root) {
        Policy defaults = Policy.defaults(Policy.DEFAULT_ZONE);
        JsonNode policyNode = root.path("policy");
        Policy policy = new Policy(
                Policy.DEFAULT_ZONE,
                Mode.valueOf(policyNode.path("mode").asText(defaults.mode().name())),
                Duration.parse(policyNode
                        .path("offerTimeout")
                        .asText(defaults.offerTimeout().toString())),
                policyNode.path("maxOffers").asInt(defaults.maxOffers()),
                policyNode.path("radiusMeters").asInt(defaults.radiusMeters()),
                Fallback.valueOf(
                        policyNode.path("fallback").asText(defaults.fallback().name())),
                1);
        List<Scenario.Rider> riders = new ArrayList<>();
        for (JsonNode rider : root.path("riders")) {
            riders.add(new Scenario.Rider(
                    rider.path("id").asText(),
                    rider.path("lat").asDouble(),
                    rider.path("lng").asDouble(),
                    rider.path("onAt").asLong(0),
                    rider.path("offAt").asLong(),
                    rider.path("maxActive").asInt(1)));
        }
        List<Scenario.Order> orders = new ArrayList<>();
        for (JsonNode order : root.path("orders")) {
            long placedAt = order.path("placedAt").asLong();
            orders.add(new Scenario.Order(
                    order.path("id").asText(),
                    placedAt,
                    order.path("readyAt").asLong(placedAt),
                    point(order.path("pickup")),
                    point(order.path("dropoff"))));
        }
        return new Scenario(
                root.path("name").asText("scenario"),
                Instant.parse(root.path("startAt").asText("2026-01-01T00:00:00Z")),
                root.path("speedKmh").asDouble(20),
                root.path("detourFactor").asDouble(1.0),
                root.path("pickupServiceSeconds").asInt(0),
                root.path("dropoffServiceSeconds").asInt(0),
                root.path("targetClickToDoorSeconds").asInt(2400),
                root.path("riderAcceptSeconds").asInt(10),
                root.path("riderAcceptShare").asDouble(1.0),
                root.path("riderLookSeconds").asInt(60),
                policy,
                riders,
                orders);
    }

    private static Point point(JsonNode node) {
        return new Point(node.path("lat").asDouble(), node.path("lng").asDouble());
    }

    public static void write(Scenario scenario, Path file) throws IOException {
        MAPPER.writeValue(file.toFile(), toTree(scenario));
    }

    /** A scenario made from the log, with what actually happened in its period (decisions.md section 17). */
    public static void write(Scenario scenario, Recorded recorded, Path file) throws IOException {
        MAPPER.writeValue(file.toFile(), toTree(scenario, recorded));
    }

    /** The file's {@code recorded} part, which only a scenario made from the log has. */
    public static Optional<Recorded> readRecorded(Path file) throws IOException {
        return recordedFromTree(MAPPER.readTree(file.toFile()));
    }

    static Optional<Recorded> recordedFromTree(JsonNode root) throws IOException {
        JsonNode node = root.path("recorded");
        if (!node.isObject()) {
            return Optional.empty();
        }
        List<HourFigures> hours = new ArrayList<>();
        for (JsonNode hour : node.path("clickToDoorByHour")) {
            hours.add(new HourFigures(
                    Instant.parse(hour.path("hour").asText()),
                    hour.path("orders").asInt(),
                    hour.path("delivered").asInt(),
                    hour.path("meanClickToDoorSeconds").asDouble(),
                    hour.path("p90ClickToDoorSeconds").asDouble()));
        }
        return Optional.of(new Recorded(
                node.path("source").asText(""), MAPPER.treeToValue(node.path("figures"), SimReport.class), hours));
    }

    static ObjectNode toTree(Scenario scenario, Recorded recorded) {
        ObjectNode root = toTree(scenario);
        ObjectNode node = root.putObject("recorded");
        node.put("source", recorded.source());
        node.set("figures", MAPPER.valueToTree(recorded.figures()));
        node.set("clickToDoorByHour", hours(recorded.clickToDoorByHour()));
        return root;
    }

    /** Hours as JSON, the hour as an ISO-8601 instant. */
    public static ArrayNode hours(List<HourFigures> hours) {
        ArrayNode array = MAPPER.createArrayNode();
        for (HourFigures hour : hours) {
            array.addObject()
                    .put("hour", hour.hour().toString())
                    .put("orders", hour.orders())
                    .put("delivered", hour.delivered())
                    .put("meanClickToDoorSeconds", hour.meanClickToDoorSeconds())
                    .put("p90ClickToDoorSeconds", hour.p90ClickToDoorSeconds());
        }
        return array;
    }

    /** A comparison as JSON: {@code {scenario, travel, rows: [{mode, figures, clickToDoorByHour}]}}. */
    public static ObjectNode toTree(Comparison comparison) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scenario", comparison.scenario());
        root.set("travel", MAPPER.valueToTree(comparison.travel()));
        ArrayNode rows = root.putArray("rows");
        for (Comparison.Row row : comparison.rows()) {
            ObjectNode node = rows.addObject();
            node.put("mode", row.mode());
            node.set("figures", MAPPER.valueToTree(row.figures()));
            node.set("clickToDoorByHour", hours(row.clickToDoorByHour()));
        }
        return root;
    }

    static ObjectNode toTree(Scenario scenario) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("name", scenario.name());
        root.put("startAt", scenario.startAt().toString());
        root.put("speedKmh", scenario.speedKmh());
        root.put("detourFactor", scenario.detourFactor());
        root.put("pickupServiceSeconds", scenario.pickupServiceSeconds());
        root.put("dropoffServiceSeconds", scenario.dropoffServiceSeconds());
        root.put("targetClickToDoorSeconds", scenario.targetClickToDoorSeconds());
        root.put("riderAcceptSeconds", scenario.riderAcceptSeconds());
        root.put("riderAcceptShare", scenario.riderAcceptShare());
        root.put("riderLookSeconds", scenario.riderLookSeconds());
        ObjectNode policy = root.putObject("policy");
        policy.put("mode", scenario.policy().mode().name());
        policy.put("offerTimeout", scenario.policy().offerTimeout().toString());
        policy.put("maxOffers", scenario.policy().maxOffers());
        policy.put("radiusMeters", scenario.policy().radiusMeters());
        policy.put("fallback", scenario.policy().fallback().name());
        ArrayNode riders = root.putArray("riders");
        for (Scenario.Rider rider : scenario.riders()) {
            ObjectNode node = riders.addObject();
            node.put("id", rider.id());
            node.put("lat", rider.lat());
            node.put("lng", rider.lng());
            node.put("onAt", rider.onAt());
            node.put("offAt", rider.offAt());
            node.put("maxActive", rider.maxActive());
        }
        ArrayNode orders = root.putArray("orders");
        for (Scenario.Order order : scenario.orders()) {
            ObjectNode node = orders.addObject();
            node.put("id", order.id());
            node.put("placedAt", order.placedAt());
            node.put("readyAt", order.readyAt());
            node.putObject("pickup")
                    .put("lat", order.pickup().lat())
                    .put("lng", order.pickup().lng());
            node.putObject("dropoff")
                    .put("lat", order.dropoff().lat())
                    .put("lng", order.dropoff().lng());
        }
        return root;
    }
}
