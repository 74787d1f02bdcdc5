package io.dispatch.command.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The one declaration of a body's rules, its {@code @Schema}, is what the reader enforces. */
class DocumentedBodyTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Schema(requiredProperties = "name")
    record Short(
            @Schema(minLength = 1, maxLength = 5) String name,
            @Schema(nullable = true, maxLength = 5) String note) {}

    @Schema(requiredProperties = "name")
    record Longer(@Schema(minLength = 1, maxLength = 6) String name) {}

    @Schema(requiredProperties = {"address"})
    record Place(
            @Schema(minLength = 1, maxLength = 50) String address,
            @Schema(minimum = "-90", maximum = "90") Double lat,
            @Schema(minimum = "-180", maximum = "180") Double lng)
            implements CrossFieldRule {

        @Override
        public void check(String prefix, boolean clean, FieldErrors errors) {
            if (clean && (lat == null) != (lng == null)) {
                errors.add(prefix + (lat == null ? "lat" : "lng"), "lat and lng must be given together");
            }
        }
    }

    @Schema(requiredProperties = {"kind", "pickup"})
    record Order(
            @Schema(allowableValues = {"COD", "PREPAID"}) String kind,
            Place pickup,
            @Schema(nullable = true, minimum = "0") Long amount,

            @Schema(nullable = true, maxLength = 20) @Reading(requiredWhen = "kind=COD")
            String collector) {}

    @Schema(requiredProperties = "orders")
    record Orders(@ArraySchema(minItems = 1, maxItems = 3) List<Order> orders) {}

    @Test
    void a_max_length_declared_in_the_schema_is_the_length_the_reader_refuses() {
        assertThat(errors(Short.class, "{\"name\":\"abcde\"}")).isEmpty();
        assertThat(errors(Short.class, "{\"name\":\"abcdef\"}"))
                .containsExactly(Map.entry("name", List.of("must be 1 to 5 characters")));
        assertThat(errors(Longer.class, "{\"name\":\"abcdef\"}")).isEmpty();
    }

    @Test
    void a_wrong_json_type_is_an_error_on_its_field() {
        assertThat(errors(Short.class, "{\"name\":5,\"note\":[]}"))
                .containsExactly(
                        Map.entry("name", List.of("must be a string")), Map.entry("note", List.of("must be a string")));
        assertThat(errors(Place.class, "{\"address\":\"a\",\"lat\":\"-1.2\",\"lng\":36.8}"))
                .containsExactly(Map.entry("lat", List.of("must be a number from -90 to 90")));
    }

    @Test
    void nested_fields_and_array_rows_are_named_by_their_path() {
        String body = """
        {"orders": [
          {"kind": "COD", "pickup": {"address": "a", "lat": 1, "lng": 2}, "collector": "Amina"},
          {"kind": "cash", "pickup": {"address": "", "lat": 91, "lng": 2}, "amount": -1},
          "not an order"
        ]}""";
        assertThat(errors(Orders.class, body))
                .containsExactly(
                        Map.entry("orders[1].kind", List.of("must be one of [COD, PREPAID]")),
                        Map.entry("orders[1].pickup.address", List.of("must be 1 to 50 characters")),
                        Map.entry("orders[1].pickup.lat", List.of("must be a number from -90 to 90")),
                        Map.entry("orders[1].amount", List.of("must be a whole number, 0 or more")),
                        Map.entry("orders[2]", List.of("must be a JSON object")));
    }

    @Test
    void an_array_outside_its_declared_size_is_refused_whole() {
        assertThat(errors(Orders.class, "{\"orders\":[]}"))
                .containsExactly(Map.entry("orders", List.of("must hold 1 to 3 orders; it holds 0")));
        assertThat(errors(Orders.class, "{}"))
                .containsExactly(Map.entry("orders", List.of("is required: an array of 1 to 3 orders")));
    }

    @Test
    void an_optional_field_sent_as_null_counts_as_absent_and_unknown_fields_are_ignored() {
        FieldErrors errors = new FieldErrors();
        Short read =
                DocumentedBody.of(Short.class).read(json("{\"name\":\"a\",\"note\":null,\"extra\":{}}"), "", errors);
        assertThat(errors.isEmpty()).isTrue();
        assertThat(read).isEqualTo(new Short("a", null));
        assertThat(errors(Short.class, "{\"name\":null}")).containsExactly(Map.entry("name", List.of("is required")));
    }

    @Test
    void read_as_fields_a_body_that_is_no_object_names_the_required_fields_not_the_body() {
        for (String body : List.of("[]", "\"text\"", "null")) {
            FieldErrors errors = new FieldErrors();
            DocumentedBody.of(Short.class).readFields(json(body), errors);
            assertThat(errors.asMap()).as(body).containsExactly(Map.entry("name", List.of("is required")));
        }
        FieldErrors absent = new FieldErrors();
        DocumentedBody.of(Short.class).readFields(null, absent);
        assertThat(absent.asMap()).containsExactly(Map.entry("name", List.of("is required")));
    }

    @Test
    void a_field_required_by_another_fields_value_is_required_only_then() {
        String place = "\"pickup\":{\"address\":\"a\"}";
        assertThat(errors(Order.class, "{\"kind\":\"PREPAID\"," + place + "}")).isEmpty();
        assertThat(errors(Order.class, "{\"kind\":\"COD\"," + place + "}"))
                .containsExactly(Map.entry("collector", List.of("is required")));
        assertThat(errors(Order.class, "{\"kind\":\"COD\"," + place + ",\"collector\":\"  \"}"))
                .containsExactly(Map.entry("collector", List.of("must be 0 to 20 characters")));
    }

    @Test
    void a_cross_field_rule_runs_after_the_fields_and_only_on_clean_ones() {
        assertThat(errors(Place.class, "{\"address\":\"a\",\"lat\":1}"))
                .containsExactly(Map.entry("lng", List.of("lat and lng must be given together")));
        assertThat(errors(Place.class, "{\"address\":\"\",\"lat\":1}"))
                .containsExactly(Map.entry("address", List.of("must be 1 to 50 characters")));
    }

    @Test
    void a_text_that_cannot_be_stored_is_refused_before_its_length() {
        assertThat(errors(Short.class, "{\"name\":\"abcdef\\u0000\"}"))
                .containsExactly(
                        Map.entry("name", List.of("must not contain control characters (found U+0000 at position 6)")));
    }

    private static Map<String, List<String>> errors(Class<? extends Record> type, String body) {
        FieldErrors errors = new FieldErrors();
        DocumentedBody.of(type).read(json(body), "", errors);
        return errors.asMap();
    }

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
