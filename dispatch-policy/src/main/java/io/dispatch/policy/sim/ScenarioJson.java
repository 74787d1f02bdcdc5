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
