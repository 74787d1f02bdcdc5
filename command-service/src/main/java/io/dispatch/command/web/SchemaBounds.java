package io.dispatch.command.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import tools.jackson.databind.JsonNode;

/**
 * The range a field's {@code @Schema} declares ({@code minimum}, {@code maximum}) and whether a
 * JSON number falls in it. Apart from {@link DocumentedField} because a number's rules are only
 * these bounds, while the field decides the key and the message. The bounds are parsed at each
 * read, as they were when this lived in the field.
 */
final class SchemaBounds {

    private final Schema schema;

    /** {@code schema} may be null: no bounds. */
    SchemaBounds(Schema schema) {
        this.schema = schema;
    }

    /** The value as a double within the bounds; null when it is not one. */
    Double number(JsonNode value) {
        double min = schema == null || schema.minimum().isEmpty()
                ? Double.NEGATIVE_INFINITY
                : Double.parseDouble(schema.minimum());
        double max = schema == null || schema.maximum().isEmpty()
                ? Double.POSITIVE_INFINITY
                : Double.parseDouble(schema.maximum());
        if (value.isNumber()) {
            double number;
            try {
                number = value.doubleValue();
            } catch (RuntimeException tooBig) {
                // Jackson refuses to narrow a BigInteger beyond a double's range
                return null;
            }
            if (Double.isFinite(number) && number >= min && number <= max) {
                return number;
            }
        }
        return null;
    }

    /** The value as a {@code type} (Integer or Long) within the bounds; null when it is not one. */
    Object whole(JsonNode value, Class<?> type) {
        long min = schema == null || schema.minimum().isEmpty()
                ? Long.MIN_VALUE
                : new BigDecimal(schema.minimum()).longValueExact();
        long max = schema == null || schema.maximum().isEmpty()
                ? Long.MAX_VALUE
                : new BigDecimal(schema.maximum()).longValueExact();
        if (value.isIntegralNumber()
                && value.canConvertToLong()
                && value.longValue() >= min
                && value.longValue() <= max) {
            if (type == Integer.class) {
                return Math.toIntExact(value.longValue());
            }
            return value.longValue();
        }
        return null;
    }

    /** The bounds as written in the schema, so "-90" stays "-90" and "1.0" stays "1.0". */
    String written() {
        String min = schema == null ? "" : schema.minimum();
        String max = schema == null ? "" : schema.maximum();
        if (!min.isEmpty() && !max.isEmpty()) {
            return " from " + min + " to " + max;
        }
        return !min.isEmpty() ? ", " + min + " or more" : !max.isEmpty() ? ", at most " + max : "";
    }
}
