package io.dispatch.command.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.web.FieldErrors;
import io.dispatch.web.error.ApiException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** customerPhone: optional +, then digits, spaces or dashes, 7 to 20 characters in all, the + counted. */
class PhoneNumberTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static Map<String, List<String>> errorsFor(String phone) {
        ObjectNode body = (ObjectNode) JSON.readTree("""
        {"customerName":"Amina Njeri","pickup":{"address":"Kenyatta Ave 1"},
         "dropoff":{"address":"Ngong Rd 12"},"paymentType":"COD"}""");
        body.put("customerPhone", phone);
        FieldErrors errors = new FieldErrors();
        DispatchOrderParser.parse(body, "orders[2].", errors);
        try {
            errors.throwIfAny();
            return Map.of();
        } catch (ApiException e) {
            @SuppressWarnings("unchecked")
            Map<String, List<String>> fieldErrors =
                    (Map<String, List<String>>) e.details().get("fieldErrors");
            return fieldErrors;
        }
    }

    @Test
    void seven_and_twenty_characters_pass_with_and_without_the_plus() {
        for (String phone : List.of("+254700", "2547000", "+" + "2".repeat(19), "2".repeat(20), "+254 700-000 001")) {
            assertThat(errorsFor(phone))
                    .as("%s (%d characters)", phone, phone.length())
                    .isEmpty();
        }
    }

    @Test
    void six_and_twenty_one_characters_are_refused_with_and_without_the_plus() {
        for (String phone : List.of("+25470", "254700", "+" + "2".repeat(20), "2".repeat(21))) {
            assertThat(errorsFor(phone))
                    .as("%s (%d characters)", phone, phone.length())
                    .containsExactly(Map.entry("orders[2].customerPhone", List.of("must be 7 to 20 characters")));
        }
    }

    @Test
    void letters_a_plus_inside_or_a_second_plus_are_refused_whatever_the_length() {
        for (String phone : List.of("+254 700 ABC", "254+700000", "++2547000")) {
            assertThat(errorsFor(phone))
                    .as(phone)
                    .containsExactly(Map.entry("orders[2].customerPhone", List.of(PhoneNumber.MESSAGE)));
        }
    }
}
