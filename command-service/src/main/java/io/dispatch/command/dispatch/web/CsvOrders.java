package io.dispatch.command.dispatch.web;

import io.dispatch.command.web.FieldErrors;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A CSV import (RFC 4180, a header row of the create body's field names, nested ones as
 * {@code pickup.address}) turned into one create body per row, so rows are validated exactly as
 * JSON bodies are. An empty cell is an absent field; numeric columns become JSON numbers when
 * they parse, else stay text for the validator to name. Unknown columns are ignored, as unknown
 * JSON fields are.
 */
public final class CsvOrders {

    private static final Set<String> NUMERIC =
            Set.of("pickup.lat", "pickup.lng", "dropoff.lat", "dropoff.lng", "amountCents");
    private static final CSVFormat FORMAT = CSVFormat.RFC4180
            .builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .setIgnoreEmptyLines(true)
            .setIgnoreSurroundingSpaces(true)
            .setAllowMissingColumnNames(false)
            .setDuplicateHeaderMode(org.apache.commons.csv.DuplicateHeaderMode.DISALLOW)
            .get();

    /** More digits than any field of the body can use (amounts are longs, coordinates small). */
    private static final int MAX_INTEGER_DIGITS = 40;

    private CsvOrders() {}

    /** Columns of the header row, and cells of any row, that are read at most. */
    public static final int MAX_COLUMNS = 64;

    /**
     * The rows as create bodies; a file that cannot be read is reported on {@code body}. At most
     * {@code maxRows} rows are read: a file with more is reported on {@code rows} without reading
     * further, so a file costs memory for {@code maxRows} rows at most, however many it holds.
     */
    public static List<JsonNode> parse(String csv, FieldErrors errors, int maxRows) {
        List<JsonNode> rows = new ArrayList<>();
        String text = csv != null && csv.startsWith("\uFEFF") ? csv.substring(1) : csv;
        if (text == null || text.isBlank()) {
            errors.add("body", "is empty: send a header row of field names and one row per delivery");
            return rows;
        }
        try (CSVParser parser = CSVParser.builder()
                .setReader(new CellLimit(new StringReader(text), MAX_COLUMNS))
                .setFormat(FORMAT)
                .get()) {
            Map<String, Integer> header = parser.getHeaderMap();
            if (!header.containsKey("customerName")) {
                errors.add(
                        "body",
                        "the header row must name the body's fields, e.g. customerName,customerPhone,"
                                + "pickup.address,dropoff.address,paymentType");
                return rows;
            }
            for (CSVRecord record : parser) {
                if (rows.size() == maxRows) {
                    errors.add(
                            "rows",
                            "must hold 1 to " + maxRows
                                    + " rows after the header; it holds more (reading stopped at row " + (maxRows + 1)
                                    + ")");
                    return rows;
                }
                rows.add(body(record, header.keySet()));
            }
        } catch (CellLimit.TooManyCells e) {
            errors.add("body", e.getMessage());
        } catch (IOException | IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            if (e.getCause() instanceof CellLimit.TooManyCells tooMany) {
                errors.add("body", tooMany.getMessage());
                return rows;
            }
            // the reader is a string: an IOException here is the parser's word for malformed CSV
            errors.add("body", "is not readable CSV: " + e.getMessage());
        }
        return rows;
    }

    private static JsonNode body(CSVRecord record, Set<String> columns) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        for (String column : columns) {
            String value = record.isSet(column) ? record.get(column) : null;
            if (value == null || value.isEmpty()) {
                continue;
            }
            ObjectNode target = body;
            String field = column;
            int dot = column.indexOf('.');
            if (dot > 0) {
                String parent = column.substring(0, dot);
                JsonNode existing = body.get(parent);
                target = existing instanceof ObjectNode object ? object : body.putObject(parent);
                field = column.substring(dot + 1);
            }
            if (NUMERIC.contains(column)) {
                try {
                    BigDecimal number = new BigDecimal(value);
                    if (number.precision() - number.scale() > MAX_INTEGER_DIGITS
                            || number.scale() > MAX_INTEGER_DIGITS) {
                        // 1e309 or 1e5000000: left as text (expanding it would cost seconds), reported by the validator
                        target.put(field, value);
                        continue;
                    }
                    if (number.scale() <= 0) {
                        target.put(field, number.toBigIntegerExact());
                    } else {
                        target.put(field, number);
                    }
                    continue;
                } catch (NumberFormatException | ArithmeticException e) {
                    // left as text: the validator reports it under the column's name
                }
            }
            target.put(field, value);
        }
        return body;
    }
}
