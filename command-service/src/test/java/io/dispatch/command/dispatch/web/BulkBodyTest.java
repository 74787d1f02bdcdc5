package io.dispatch.command.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.json.RequestJsonLimits;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.web.server.ServerWebInputException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A bulk body is read order by order and stops at the 501st (decisions.md §13). */
class BulkBodyTest {

    private static final JsonMapper JSON = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(RequestJsonLimits.CONSTRAINTS)
                    .build())
            .build();

    private static JsonNode read(String body) {
        return BulkBody.read(body.getBytes(StandardCharsets.UTF_8), JSON, 500);
    }

    @Test
    void four_mebibytes_of_empty_orders_stop_at_the_501st_naming_the_limit() {
        String bomb = "{\"orders\":[" + "{},".repeat(1_398_000) + "{}]}";
        assertThatThrownBy(() -> read(bomb))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        e -> assertThat(e.details().toString())
                                .contains("orders")
                                .contains("1 to 500 orders"));
    }

    @Test
    void five_hundred_orders_are_read_and_other_fields_are_skipped() {
        String body = "{\"note\":[[1,2],{\"x\":3}],\"orders\":[" + "{\"customerName\":\"A\"},".repeat(499)
                + "{\"customerName\":\"B\"}],\"more\":true}";
        JsonNode read = read(body);
        assertThat(read.get("orders")).hasSize(500);
        assertThat(read.get("orders").get(499).get("customerName").stringValue())
                .isEqualTo("B");
        assertThat(read.has("note")).isFalse();
    }

    @Test
    void what_is_not_an_object_of_orders_is_returned_for_the_validator_to_name() {
        assertThat(read("[1,2]").isArray()).isTrue();
        assertThat(read("{\"orders\":\"many\"}").get("orders").isString()).isTrue();
        assertThat(read("{}").has("orders")).isFalse();
    }

    @Test
    void malformed_or_trailing_json_answers_as_an_unreadable_body() {
        for (String body : new String[] {"{\"orders\":[", "{} {}", "{\"orders\":[{}]} x", ""}) {
            assertThatThrownBy(() -> read(body)).as(body).isInstanceOf(ServerWebInputException.class);
        }
    }

    @Test
    void deep_nesting_and_long_strings_stop_at_the_json_limits() {
        assertThatThrownBy(() -> read("{\"orders\":[" + "[".repeat(100_000)))
                .isInstanceOf(StreamConstraintsException.class);
        assertThatThrownBy(() -> read("{\"orders\":[{\"customerName\":\"" + "x".repeat(2_000_000) + "\"}]}"))
                .isInstanceOf(StreamConstraintsException.class);
    }
}
