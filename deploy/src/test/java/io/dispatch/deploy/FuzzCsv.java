package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzJson.NODES;
import static io.dispatch.deploy.FuzzValues.pick;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.deploy.FuzzBodies.BodyCase;
import io.dispatch.deploy.FuzzBodies.Field;
import io.dispatch.deploy.FuzzOracle.Verdict;
import io.dispatch.deploy.FuzzRequest.Expect;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * CSV imports (RFC 4180; a header row of the create body's field names, nested ones as
 * {@code pickup.address}). Rows are valid create bodies with one cell made hostile, judged by
 * {@link FuzzOracle} as the document says the server reads them: an empty cell is an absent
 * field, a cell of a numeric column is a number when it reads as one. The file itself is also
 * bent: no rows, a lone quote, a duplicate column, 501 rows, 64 or 65 columns, a BOM, bare CR line ends.
 */
final class FuzzCsv {

    static final int ROW_LIMIT = 500;
    /** Columns of the header and cells of a row that an import reads at most. */
    static final int MAX_COLUMNS = 64;
    /** Numbers with an exponent a client may well send; a huge one costs a server that expands it. */
    private static final List<String> NUMBER_CELLS = List.of(
            "1e2", "-1.2841", "1E-7", "90", "90.0000001", "1e999", "1e100000", "0x10", "1,5", "NaN", "-0", "1e5000000");

    private final FuzzBodies bodies;
    private final JsonNode order;
    private final List<String> columns = new ArrayList<>();

    /** @param order the create body's schema (DispatchOrder) */
    FuzzCsv(FuzzBodies bodies, JsonNode order) {
        this.bodies = bodies;
        this.order = order;
        for (Field field : FuzzBodies.fields(order, "")) {
            if (field.schema() != null && !field.schema().has("properties")) {
                columns.add(field.path());
            }
        }
    }

    BodyCase mutate(Random random) {
        int rows = 1 + random.nextInt(3);
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            cells.add(row(bodies.valid(order, "")));
        }
        String label = "csv:valid";
        Expect file = Expect.KEEP;
        switch (random.nextInt(12)) {
            case 0, 1, 2, 3, 4, 5 -> {
                int row = random.nextInt(rows);
                int column = random.nextInt(columns.size());
                String cell = hostileCell(columns.get(column), random);
                cells.get(row).set(column, cell);
                label = "csv:cell rows[" + row + "]." + columns.get(column) + "="
                        + FuzzRequest.shorten(FuzzRequest.visible(cell), 24);
            }
            case 6 -> {
                cells.clear();
                label = "csv:header only";
                file = Expect.INVALID;
            }
            case 7 -> {
                if (random.nextInt(3) > 0) {
                    break; // a file at the 500-row limit creates 500 deliveries: one in three of these cases
                }
                List<String> first = cells.getFirst();
                for (int i = rows; i < ROW_LIMIT + (random.nextBoolean() ? 1 : 0); i++) {
                    cells.add(new ArrayList<>(first));
                }
                label = "csv:rows x" + cells.size();
                file = cells.size() > ROW_LIMIT ? Expect.INVALID : Expect.KEEP;
            }
            case 8 -> {
                // unknown columns are ignored, up to 64 columns in all (decisions.md §13)
                int extra = MAX_COLUMNS - columns.size() + (random.nextBoolean() ? 1 : 0);
                List<String> header = new ArrayList<>(columns);
                for (int i = 0; i < extra; i++) {
                    header.add("extra" + i);
                }
                List<List<String>> wide = new ArrayList<>();
                for (List<String> row : cells) {
                    List<String> longer = new ArrayList<>(row);
                    for (int i = 0; i < extra; i++) {
                        longer.add(i % 2 == 0 ? "" : "x");
                    }
                    wide.add(longer);
                }
                Expect width = header.size() > MAX_COLUMNS ? Expect.INVALID : Expect.KEEP;
                return new BodyCase(
                        "csv:columns x" + header.size(),
                        FuzzBodies.utf8(render(header, wide)),
                        width == Expect.INVALID ? Expect.INVALID : combine(Expect.KEEP, cells));
            }
            default -> label = "csv:file " + (random.nextBoolean() ? "as sent" : "bent");
        }
        Expect expect = cells.isEmpty() ? Expect.INVALID : combine(file, cells);
        String text = render(columns, cells);
        if (label.equals("csv:file bent")) {
            return bent(text, random, expect);
        }
        return new BodyCase(label, FuzzBodies.utf8(text), expect);
    }

    private BodyCase bent(String text, Random random, Expect expect) {
        return switch (random.nextInt(7)) {
            case 0 -> new BodyCase("csv:lone quote", FuzzBodies.utf8(text.replaceFirst(",", ",\"")), Expect.INVALID);
            case 1 -> new BodyCase("csv:bom", FuzzBodies.utf8("\uFEFF" + text), expect);
            case 2 -> new BodyCase("csv:crlf", FuzzBodies.utf8(text.replace("\n", "\r\n")), expect);
            case 3 -> new BodyCase("csv:duplicate column", FuzzBodies.utf8("customerName," + text), Expect.ANY);
            case 4 ->
                new BodyCase(
                        "csv:no customerName column",
                        FuzzBodies.utf8(text.replaceFirst("customerName", "customer_name")),
                        Expect.INVALID);
            case 5 -> new BodyCase("csv:empty", new byte[0], Expect.INVALID);
            default -> new BodyCase("csv:semicolons", FuzzBodies.utf8(text.replace(',', ';')), Expect.INVALID);
        };
    }

    private String hostileCell(String column, Random random) {
        JsonNode schema = FuzzJson.get(order, schemaPath(column));
        String type = type(schema);
        if ((type.equals("number") || type.equals("integer")) && random.nextBoolean()) {
            return pick(NUMBER_CELLS, random);
        }
        // a lone surrogate has no UTF-8 form: in a CSV file (not JSON, no escapes) it cannot be sent
        List<String> sendable = FuzzValues.STRINGS.stream()
                .filter(v -> v.codePoints().noneMatch(c -> Character.isSurrogate((char) c) && c <= 0xFFFF))
                .toList();
        return pick(sendable, random);
    }

    /** The schema's type; of a nullable one (OpenAPI 3.1: {@code ["integer", "null"]}), the type that is not null. */
    static String type(JsonNode schema) {
        if (schema == null) {
            return "";
        }
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            for (JsonNode one : type) {
                if (!one.asText().equals("null")) {
                    return one.asText();
                }
            }
        }
        return type.asText();
    }

    private static List<Object> schemaPath(String column) {
        List<Object> path = new ArrayList<>();
        for (String part : column.split("\\.")) {
            path.add("properties");
            path.add(part);
        }
        return path;
    }

    private List<String> row(JsonNode body) {
        List<String> row = new ArrayList<>();
        for (String column : columns) {
            JsonNode value = FuzzJson.get(body, FuzzJson.path(column));
            row.add(value == null || value.isNull() ? "" : value.asText());
        }
        return row;
    }

    /** The verdict of the file: every row as the server reads it must be valid. */
    private Expect combine(Expect file, List<List<String>> cells) {
        Verdict verdict = Verdict.VALID;
        for (List<String> row : cells) {
            verdict = verdict.and(FuzzOracle.check(order, read(row), ""));
        }
        Expect rows = FuzzBodies.expect(verdict, true);
        return file == Expect.INVALID || rows == Expect.INVALID
                ? Expect.INVALID
                : rows == Expect.ANY ? Expect.ANY : file;
    }

    private JsonNode read(List<String> row) {
        ObjectNode body = NODES.objectNode();
        for (int i = 0; i < columns.size(); i++) {
            String cell = row.get(i);
            if (cell.isEmpty()) {
                continue;
            }
            JsonNode schema = FuzzJson.get(order, schemaPath(columns.get(i)));
            String type = type(schema);
            JsonNode value = NODES.textNode(cell);
            if (type.equals("number") || type.equals("integer")) {
                try {
                    value = FuzzJson.raw(new BigDecimal(cell).toString().replace("E+", "e"));
                    if (FuzzJson.rawNumber(value) == null) {
                        value = FuzzJson.raw(new BigDecimal(cell).toPlainString());
                    }
                } catch (NumberFormatException e) {
                    // stays text, as the document says
                }
            }
            FuzzJson.set(body, FuzzJson.path(columns.get(i)), value);
        }
        return body;
    }

    static String render(List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder(String.join(",", header)).append('\n');
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                out.append(i > 0 ? "," : "").append(quote(row.get(i)));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String quote(String cell) {
        boolean quoted = cell.contains(",")
                || cell.contains("\"")
                || cell.contains("\n")
                || cell.contains("\r")
                || !cell.equals(cell.strip());
        return quoted ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell;
    }
}
