package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the OpenAPI document cannot give the generator: valid values by field name (a rider id,
 * a webhook URL, a real phone number), and the schemas of the two bodies it shows as a bare
 * JsonNode.
 */
final class FuzzGoodValues {

    private FuzzGoodValues() {}

    /**
     * Bodies the document shows as a bare JsonNode: the operator's create takes the merchant's
     * create body (operator docs), the default pricing the fields of decisions.md section 2.
     */
    static Map<String, JsonNode> bodyOverrides() throws Exception {
        Map<String, JsonNode> overrides = new HashMap<>();
        overrides.put(
                "POST /api/v1/admin/merchants/{merchantId}/dispatches",
                DispatchUnderTest.JSON.readTree("{\"$ref\":\"#/components/schemas/DispatchOrder\"}"));
        overrides.put("PUT /api/v1/admin/pricing/default", DispatchUnderTest.JSON.readTree("""
        {"type":"object","x-name":"DefaultPricing",
         "required":["baseFeeCents","perKmCents","minFeeCents","detourFactor","avgSpeedKmh"],
         "properties":{"baseFeeCents":{"type":"integer","format":"int64"},"perKmCents":{"type":"integer","format":"int64"},
          "minFeeCents":{"type":"integer","format":"int64"},"detourFactor":{"type":"number"},
          "avgSpeedKmh":{"type":"number"},"targetPickupSeconds":{"type":"integer","format":"int64"},
          "targetDeliverySeconds":{"type":"integer","format":"int64"}}}"""));
        return overrides;
    }

    /** Values a schema cannot make up, by field name. */
    static Map<String, Supplier<JsonNode>> goodValues(FuzzWorld world) throws Exception {
        Map<String, JsonNode> values = new HashMap<>();
        var n = FuzzJson.NODES;
        values.put("customerName", n.textNode("Amina Njeri"));
        values.put("customerPhone", n.textNode("+254 700 000 001"));
        values.put("phone", n.textNode("+254 711 000 002"));
        values.put("address", n.textNode("Kenyatta Ave 1"));
        values.put("notes", n.textNode("Gate B"));
        values.put("lat", n.numberNode(-1.2841));
        values.put("lng", n.numberNode(36.8219));
        values.put("externalId", n.textNode("fz-1"));
        values.put("amountCents", n.numberNode(150000));
        values.put("currency", n.textNode("KES"));
        values.put("targetPickupAt", n.textNode("2030-11-21T10:00:00Z"));
        values.put("targetDeliveryAt", n.textNode("2030-11-21T12:00:00Z"));
        // a rider's fix: at most 24 hours back and 5 minutes ahead of the server's clock
        values.put(
                "timestamp",
                n.textNode(java.time.Instant.now()
                        .minusSeconds(600)
                        .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                        .toString()));
        values.put("reason", n.textNode("ordered twice"));
        values.put("reasonCode", n.textNode("OTHER"));
        values.put("detail", n.textNode("gate locked"));
        values.put("recipientName", n.textNode("Amina"));
        values.put("photoUrl", n.textNode("https://x.test/p.jpg"));
        values.put("signatureUrl", n.textNode("https://x.test/s.png"));
        values.put("pin", n.textNode("0000"));
        values.put("url", n.textNode(world.receiverUrl));
        values.put("scopes", n.arrayNode().add("read").add("write"));
        values.put("scopes[]", n.textNode("read"));
        values.put("name", n.textNode("Fuzz"));
        values.put("sandbox", n.booleanNode(false));
        values.put("riderId", n.textNode(world.rider.id()));
        values.put("priority", n.numberNode(100));
        values.put("baseFeeCents", n.numberNode(10000));
        values.put("perKmCents", n.numberNode(1000));
        values.put("minFeeCents", n.numberNode(12000));
        values.put("targetPickupSeconds", n.numberNode(900));
        values.put("targetDeliverySeconds", n.numberNode(2700));
        values.put("detourFactor", n.numberNode(1.2));
        values.put("avgSpeedKmh", n.numberNode(20));
        // far from every real zone (the Southern Ocean), so a zone the fuzzer creates prices nothing else
        ObjectNode polygon = n.objectNode().put("type", "Polygon");
        polygon.set(
                "coordinates",
                DispatchUnderTest.JSON.readTree("[[[0.0,-60.0],[0.1,-60.0],[0.1,-59.9],[0.0,-59.9],[0.0,-60.0]]]"));
        values.put("polygon", polygon);
        // a what-if comparison (POST /admin/dispatch/whatif): a day long over, before this run's log began, so the
        // jobs the fuzzer starts read an empty period instead of the whole suite's day in the background
        values.put(
                "day",
                n.textNode(java.time.LocalDate.now(java.time.ZoneOffset.UTC)
                        .minusDays(30)
                        .toString()));
        values.put("modes", n.arrayNode().add("RANKED"));
        values.put("modes[]", n.textNode("RANKED"));
        Map<String, Supplier<JsonNode>> suppliers = new HashMap<>();
        values.forEach((name, value) -> suppliers.put(name, value::deepCopy));
        // an operator account's email must be free (409 otherwise) and its password 12 characters or more
        suppliers.put("email", () -> n.textNode("fuzz-" + java.util.UUID.randomUUID() + "@example.com"));
        suppliers.put("password", () -> n.textNode("a long fuzz password"));
        return suppliers;
    }
}
