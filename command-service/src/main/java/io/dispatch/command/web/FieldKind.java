package io.dispatch.command.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * How a {@link DocumentedField} is read, decided once from its Java type and its {@code @Schema}
 * (allowable values, format). Refuses at start-up a type with no reading, or a primitive, which
 * could not hold the null of an absent or refused field.
 */
enum FieldKind {
    TEXT,
    CHOICE,
    TIMESTAMP,
    UUID,
    NUMBER,
    WHOLE,
    TRUTH,
    OBJECT,
    ARRAY,
    RAW;

    /** The kind of a component named {@code name}; {@code schema} may be null. */
    static FieldKind of(String name, Class<?> type, Schema schema) {
        if (type.isPrimitive()) {
            throw new IllegalArgumentException(name + " must be boxed: an absent or refused field is read as null");
        }
        if (type == String.class) {
            if (schema != null && schema.allowableValues().length > 0) {
                return CHOICE;
            }
            String format = schema == null ? "" : schema.format();
            return format.equals("date-time") ? TIMESTAMP : format.equals("uuid") ? UUID : TEXT;
        }
        if (type == Double.class) {
            return NUMBER;
        }
        if (type == Long.class || type == Integer.class) {
            return WHOLE;
        }
        if (type == Boolean.class) {
            return TRUTH;
        }
        if (type.isRecord()) {
            return OBJECT;
        }
        if (type == List.class) {
            return ARRAY;
        }
        if (JsonNode.class.isAssignableFrom(type)) {
            return RAW;
        }
        throw new IllegalArgumentException(name + ": no reading for " + type);
    }

    /** The record type of a {@code List<...>} component's elements. */
    static Class<? extends Record> elementType(RecordComponent component) {
        return ((Class<?>) ((ParameterizedType) component.getGenericType()).getActualTypeArguments()[0])
                .asSubclass(Record.class);
    }
}
