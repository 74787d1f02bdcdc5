package io.dispatch.command.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.web.FieldErrors;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A CSV file costs memory for 500 rows of 64 cells at most, however it is shaped (decisions.md §13). */
class CsvBombsTest {

    @Test
    void a_file_of_two_million_rows_is_read_up_to_the_501st_row_and_refused_naming_the_limit() {
        String csv = "customerName\n" + "x\n".repeat(2_000_000);
        FieldErrors errors = new FieldErrors();
        List<JsonNode> rows = CsvOrders.parse(csv, errors, CsvImport.ROW_LIMIT);
        assertThat(rows).hasSize(500);
        assertThat(errors.asMap().get("rows"))
                .singleElement()
                .asString()
                .contains("500")
                .contains("501");
    }

    @Test
    void a_header_of_more_than_64_columns_is_refused_before_it_is_read() {
        StringBuilder header = new StringBuilder("customerName");
        for (int i = 1; i < 65; i++) {
            header.append(",c").append(i);
        }
        FieldErrors errors = new FieldErrors();
        CsvOrders.parse(header + "\nx\n", errors, CsvImport.ROW_LIMIT);
        assertThat(errors.asMap().get("body"))
                .singleElement()
                .asString()
                .contains("header row")
                .contains("64");

        FieldErrors sixtyFour = new FieldErrors();
        List<JsonNode> rows =
                CsvOrders.parse(header.substring(0, header.lastIndexOf(",")) + "\nx\n", sixtyFour, CsvImport.ROW_LIMIT);
        assertThat(sixtyFour.isEmpty()).as("64 columns are read").isTrue();
        assertThat(rows).hasSize(1);
    }

    @Test
    void a_row_of_millions_of_cells_is_refused_at_its_65th() {
        String csv = "customerName,customerPhone\nx,y\n" + "x,".repeat(2_000_000) + "\n";
        FieldErrors errors = new FieldErrors();
        CsvOrders.parse(csv, errors, CsvImport.ROW_LIMIT);
        assertThat(errors.asMap().get("body")).singleElement().asString().contains("row holds more than 64 cells");
    }

    @Test
    void commas_quotes_and_line_breaks_inside_a_quoted_cell_are_text_not_cells() {
        String inQuotes = "\"" + "a,\"\"b\"\",\n".repeat(200) + "\"";
        String csv = "customerName,customerPhone\n" + inQuotes + ",+254700000001\n  \"x,y\" ,z\n";
        FieldErrors errors = new FieldErrors();
        List<JsonNode> rows = CsvOrders.parse(csv, errors, CsvImport.ROW_LIMIT);
        assertThat(errors.isEmpty()).as(String.valueOf(errors.asMap())).isTrue();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).get("customerName").stringValue()).startsWith("a,\"b\",\n");
        assertThat(rows.get(1).get("customerName").stringValue()).isEqualTo("x,y");
    }

    @Test
    void a_quote_inside_an_unquoted_cell_is_text_and_does_not_hide_later_cells() {
        String csv = "customerName,customerPhone\nab\"c,d\n" + "x,".repeat(100) + "\n";
        FieldErrors errors = new FieldErrors();
        CsvOrders.parse(csv, errors, CsvImport.ROW_LIMIT);
        assertThat(errors.asMap().get("body")).singleElement().asString().contains("row holds more than 64 cells");
    }
}
