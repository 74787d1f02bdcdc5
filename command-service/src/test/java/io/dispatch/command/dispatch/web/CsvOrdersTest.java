package io.dispatch.command.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.web.FieldErrors;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class CsvOrdersTest {

    @Test
    void rows_become_create_bodies_with_nested_fields_numbers_and_absent_empty_cells() {
        FieldErrors errors = new FieldErrors();
        List<JsonNode> rows = CsvOrders.parse(
                "\uFEFFcustomerName,pickup.address,pickup.lat,amountCents,notAField,currency\n"
                        + "\"Njeri, Amina\", \"Moi Ave \"\"Hilton\"\"\",-1.28,150000,x,\n"
                        + "Baraka,Ngong Rd,north,12.5,y,KES\n"
                        + "\n",
                errors,
                CsvImport.ROW_LIMIT);
        assertThat(errors.isEmpty()).isTrue();
        assertThat(rows).hasSize(2);
        JsonNode first = rows.get(0);
        assertThat(first.get("customerName").stringValue()).isEqualTo("Njeri, Amina");
        assertThat(first.get("pickup").get("address").stringValue()).isEqualTo("Moi Ave \"Hilton\"");
        assertThat(first.get("pickup").get("lat").doubleValue()).isEqualTo(-1.28);
        assertThat(first.get("amountCents").isIntegralNumber()).isTrue();
        assertThat(first.has("currency")).as("an empty cell is an absent field").isFalse();
        JsonNode second = rows.get(1);
        assertThat(second.get("pickup").get("lat").isString())
                .as("left for the validator to name")
                .isTrue();
        assertThat(second.get("amountCents").isIntegralNumber()).isFalse();
    }

    @Test
    void unreadable_files_are_reported_on_body() {
        for (String csv : List.of("", "a,b\n1,2\n", "customerName,customerName\nx,y\n", "customerName\n\"open\n")) {
            FieldErrors errors = new FieldErrors();
            CsvOrders.parse(csv, errors, CsvImport.ROW_LIMIT);
            assertThat(errors.has("body")).as(csv).isTrue();
        }
    }
}
