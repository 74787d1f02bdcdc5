package io.dispatch.command.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.command.web.FieldErrors;
import io.dispatch.web.error.ApiException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The character rule as the body readers apply it: every text field, named as the client wrote it. */
class ControlCharacterFieldsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String ORDER = """
      {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001","externalId":"x-1",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219,"notes":"Gate B"},
       "dropoff":{"address":"Ngong Rd 12","notes":"call first"},
       "paymentType":"COD","currency":"KES","targetPickupAt":"2026-11-21T10:00:00Z"}""";

    private static JsonNode order(String field, String value) {
        JsonNode body = JSON.readTree(ORDER);
        int dot = field.indexOf('.');
        var target = (tools.jackson.databind.node.ObjectNode) (dot < 0 ? body : body.get(field.substring(0, dot)));
        target.put(field.substring(dot + 1), value);
        return body;
    }

    private static FieldErrors parse(JsonNode body, String prefix) {
        FieldErrors errors = new FieldErrors();
        DispatchOrderParser.parse(body, prefix, errors);
        return errors;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> fieldErrors(FieldErrors errors) {
        try {
            errors.throwIfAny();
        } catch (ApiException e) {
            return (Map<String, List<String>>) e.details().get("fieldErrors");
        }
        return Map.of();
    }

    @Test
    void a_nul_in_any_text_field_of_a_create_body_is_reported_on_that_field() {
        for (String field : List.of(
                "customerName",
                "customerPhone",
                "externalId",
                "currency",
                "paymentType",
                "targetPickupAt",
                "pickup.address",
                "pickup.notes",
                "dropoff.address",
                "dropoff.notes")) {
            Map<String, List<String>> errors = fieldErrors(parse(order(field, "A\u0000B"), ""));
            assertThat(errors).as(field).containsOnlyKeys(field);
            assertThat(errors.get(field))
                    .as(field)
                    .singleElement()
                    .asString()
                    .startsWith("must not contain control characters")
                    .endsWith("(found U+0000 at position 1)");
        }
    }

    @Test
    void a_bulk_row_names_the_field_with_its_index() {
        Map<?, ?> errors = fieldErrors(parse(order("customerName", "\uD800"), "orders[3]."));
        assertThat(errors)
                .isEqualTo(Map.of(
                        "orders[3].customerName",
                        List.of("must not contain unpaired surrogates (found U+D800 at position 0)")));
    }

    @Test
    void notes_may_span_lines_but_hold_no_other_control_character() {
        assertThat(parse(order("pickup.notes", "Gate B\r\n\tring twice"), "").isEmpty())
                .isTrue();
        assertThat(fieldErrors(parse(order("pickup.notes", "Gate\u000BB"), ""))).containsOnlyKeys("pickup.notes");
        assertThat(fieldErrors(parse(order("pickup.address", "Gate\nB"), ""))).containsOnlyKeys("pickup.address");
        assertThat(fieldErrors(parse(order("customerName", "Amina\tNjeri"), "")))
                .containsOnlyKeys("customerName");
    }

    @Test
    void a_name_of_only_separator_controls_is_a_control_character_not_a_blank() {
        assertThat(fieldErrors(parse(order("customerName", "\u001F"), "")).get("customerName"))
                .isEqualTo(List.of("must not contain control characters (found U+001F at position 0)"));
    }

    @Test
    void csv_cells_are_named_by_row_and_column() {
        List<JsonNode> rows = CsvOrders.parse("""
        customerName,customerPhone,pickup.address,dropoff.address,paymentType,pickup.notes
        Amina,+254700000001,Moi Ave 1,Ngong Rd 12,COD,"Gate B
        ring twice"
        Baraka,+254700000002,Moi Ave\u0007 2,Ngong Rd 14,COD,
        """, new FieldErrors(), CsvImport.ROW_LIMIT);
        assertThat(parse(rows.get(0), "rows[0].").isEmpty()).isTrue();
        assertThat(fieldErrors(parse(rows.get(1), "rows[1].")))
                .isEqualTo(Map.of(
                        "rows[1].pickup.address",
                        List.of("must not contain control characters (found U+0007 at position 7)")));
    }

    @Test
    void a_failure_detail_may_span_lines_but_holds_no_nul() {
        assertThat(FailureRequest.parse(JSON.readTree("{\"reasonCode\":\"OTHER\",\"detail\":\"gate locked\\n\\tdog\"}"))
                        .detail())
                .isEqualTo("gate locked\n\tdog");
        assertThatThrownBy(
                        () -> FailureRequest.parse(JSON.readTree("{\"reasonCode\":\"OTHER\",\"detail\":\"a\\u0000\"}")))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        e -> assertThat(e.details())
                                .isEqualTo(Map.of(
                                        "fieldErrors",
                                        Map.of(
                                                "detail",
                                                List.of(
                                                        "must not contain control characters other than tab, line feed and carriage"
                                                                + " return (found U+0000 at position 1)")))));
        assertThatThrownBy(() -> FailureRequest.parse(JSON.readTree("{\"reasonCode\":\"OTHER\\u0000\"}")))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        e -> assertThat(e.details())
                                .isEqualTo(
                                        Map.of(
                                                "fieldErrors",
                                                Map.of(
                                                        "reasonCode",
                                                        List.of(
                                                                "must not contain control characters (found U+0000 at position 5)")))));
    }
}
