package io.dispatch.audit.domain;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Compares two JSON trees field by field, descending into objects and arrays, and reports each
 * leaf that differs under its dotted name. Values are compared by meaning, not spelling: 1.0 and
 * 1 are the same number, two spellings of one instant the same time, a missing field the same
 * as null.
 */
final class JsonComparison {

    private JsonComparison() {}

    static void compare(String view, String field, JsonNode fromEvents, JsonNode readModel, List<Difference> out) {
        if (present(fromEvents) && present(readModel) && fromEvents.isObject() && readModel.isObject()) {
            Set<String> names = new LinkedHashSet<>(fromEvents.propertyNames());
            names.addAll(readModel.propertyNames());
            for (String name : names) {
                compare(
                        view,
                        field.isEmpty() ? name : field + "." + name,
                        fromEvents.get(name),
                        readModel.get(name),
                        out);
            }
        } else if (present(fromEvents) && present(readModel) && fromEvents.isArray() && readModel.isArray()) {
            for (int i = 0; i < Math.max(fromEvents.size(), readModel.size()); i++) {
                compare(view, field + "[" + i + "]", fromEvents.get(i), readModel.get(i), out);
            }
        } else if (!same(fromEvents, readModel)) {
            out.add(new Difference(
                    view, field, present(fromEvents) ? fromEvents : null, present(readModel) ? readModel : null));
        }
    }

    static boolean same(JsonNode a, JsonNode b) {
        if (!present(a) || !present(b)) {
            return !present(a) && !present(b);
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isString() && b.isString()) {
            return a.stringValue().equals(b.stringValue()) || sameInstant(a.stringValue(), b.stringValue());
        }
        return a.equals(b);
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isNull() && !node.isMissingNode();
    }

    private static boolean sameInstant(String a, String b) {
        try {
            return Instant.parse(a).equals(Instant.parse(b));
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
