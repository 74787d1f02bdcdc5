package io.dispatch.command.web;

import io.dispatch.web.text.TextRule;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * One component of a documented record: its rules as its {@code @Schema} (or {@code @ArraySchema})
 * and {@link Reading} declare them, and how a JSON value is read against them. A value breaks at
 * most one rule (the first, in the order: type, characters, length or range, pattern) and so
 * gets one message; a required text must not be blank, which counts as a wrong length.
 */
final class DocumentedField {

    final String name;
    private final Class<?> type;
    private final FieldKind kind;
    private final Schema schema;
    private final Reading reading;
    private final Pattern pattern;
    private final SchemaBounds bounds;
    private final DocumentedBody<?> element;
    private final int minItems;
    private final int maxItems;

    DocumentedField(RecordComponent component) {
        this.name = component.getName();
        this.type = component.getType();
        ArraySchema array = component.getAccessor().getAnnotation(ArraySchema.class);
        Schema own = component.getAccessor().getAnnotation(Schema.class);
        this.schema = own != null ? own : array != null ? array.schema() : null;
        this.reading = component.getAnnotation(Reading.class);
        this.pattern = schema == null || schema.pattern().isEmpty() ? null : Pattern.compile(schema.pattern());
        this.bounds = new SchemaBounds(schema);
        this.kind = FieldKind.of(name, type, schema);
        this.element = switch (kind) {
            case OBJECT -> DocumentedBody.of(type.asSubclass(Record.class));
            case ARRAY -> DocumentedBody.of(FieldKind.elementType(component));
            default -> null;
        };
        // @ArraySchema's defaults (MAX_VALUE, MIN_VALUE) mean "not given"
        this.minItems = array == null || array.minItems() == Integer.MAX_VALUE ? 0 : array.minItems();
        this.maxItems = array == null || array.maxItems() == Integer.MIN_VALUE ? Integer.MAX_VALUE : array.maxItems();
    }

    /** A JSON tree handed over as it came: code reads it (a zone's polygon), so no rule applies here. */
    boolean raw() {
        return kind == FieldKind.RAW;
    }

    /** The field that makes this one required, and the value it must have been read as; null when none. */
    String[] requiredWhen() {
        return reading == null || reading.requiredWhen().isEmpty()
                ? null
                : reading.requiredWhen().split("=", 2);
    }

    String absentMessage() {
        if (reading != null && !reading.absent().isEmpty()) {
            return reading.absent();
        }
        return kind == FieldKind.ARRAY ? "is required: an array of " + items() : "is required";
    }

    /** The value read, or null when {@code errors} received its message under {@code key}. */
    Object read(JsonNode value, String key, boolean required, FieldErrors errors) {
        return switch (kind) {
            case TEXT -> text(value, key, required, errors);
            case CHOICE -> choice(value, key, errors);
            case TIMESTAMP -> timestamp(value, key, errors);
            case UUID -> uuid(value, key, errors);
            case NUMBER -> number(value, key, errors);
            case WHOLE -> whole(value, key, errors);
            case TRUTH ->
                value.isBoolean() ? (Object) value.booleanValue() : refuse(key, "must be true or false", errors);
            case OBJECT ->
                value.isObject()
                        ? element.readObject(value, key + ".", errors)
                        : refuse(key, "must be an object with " + element.names(), errors);
            case ARRAY -> array(value, key, errors);
            case RAW -> value;
        };
    }

    private String text(JsonNode value, String key, boolean required, FieldErrors errors) {
        if (!value.isString()) {
            return refuse(key, "must be a string", errors);
        }
        String text = value.stringValue();
        if (!storable(text, key, errors)) {
            return null;
        }
        int length = text.codePointCount(0, text.length());
        int min = schema == null ? 0 : schema.minLength();
        int max = schema == null ? Integer.MAX_VALUE : schema.maxLength();
        if (length < min || length > max || (required && text.isBlank())) {
            return refuse(
                    key,
                    min == max ? "must be " + min + " characters" : "must be " + min + " to " + max + " characters",
                    errors);
        }
        String read = reading != null && reading.lowerCased() ? text.strip().toLowerCase(Locale.ROOT) : text;
        if (pattern != null && !pattern.matcher(read).find()) {
            errors.add(
                    key,
                    reading == null || reading.unmatched().isEmpty() ? "must match " + pattern : reading.unmatched());
            return null;
        }
        return read;
    }

    /** Reports a text that breaks the character rule ({@link TextRule}), checked before any other rule. */
    private boolean storable(String text, String key, FieldErrors errors) {
        Optional<String> problem =
                (reading != null && reading.multiLine() ? TextRule.MULTI_LINE : TextRule.SINGLE_LINE).problem(text);
        problem.ifPresent(message -> errors.add(key, message));
        return problem.isEmpty();
    }

    private String choice(JsonNode value, String key, FieldErrors errors) {
        if (value.isString() && !storable(value.stringValue(), key, errors)) {
            return null;
        }
        if (value.isString() && Arrays.asList(schema.allowableValues()).contains(value.stringValue())) {
            return value.stringValue();
        }
        return refuse(key, "must be one of " + Arrays.toString(schema.allowableValues()), errors);
    }

    /**
     * A timestamp in the years 0001 to 9999 (UTC), the range RFC 3339 writes and PostgreSQL reads back. Java reads
     * years of up to nine digits with a sign ({@code +999999999-12-31T23:59:59Z}); a delivery stored with one made
     * every read that compares its times fail (found by the API fuzzer).
     */
    private String timestamp(JsonNode value, String key, FieldErrors errors) {
        if (value.isString() && !storable(value.stringValue(), key, errors)) {
            return null;
        }
        return formatted(
                value,
                key,
                text -> {
                    Instant instant = OffsetDateTime.parse(text).toInstant();
                    if (instant.isBefore(EARLIEST) || !instant.isBefore(AFTER_LATEST)) {
                        throw new IllegalArgumentException("outside the years 0001 to 9999");
                    }
                    return instant;
                },
                "must be an ISO 8601 timestamp with offset in the years 0001 to 9999, like 2026-11-21T10:00:00Z",
                errors);
    }

    private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant AFTER_LATEST = Instant.parse("+10000-01-01T00:00:00Z");

    private String uuid(JsonNode value, String key, FieldErrors errors) {
        return formatted(value, key, UUID::fromString, "must be a UUID", errors);
    }

    /** A string that {@code parse} accepts, as given; else the refusal. */
    private String formatted(
            JsonNode value, String key, Function<String, ?> parse, String derived, FieldErrors errors) {
        try {
            if (value.isString()) {
                parse.apply(value.stringValue());
                return value.stringValue();
            }
        } catch (DateTimeParseException | IllegalArgumentException e) {
            // refused below
        }
        return refuse(key, derived, errors);
    }

    private Double number(JsonNode value, String key, FieldErrors errors) {
        Double number = bounds.number(value);
        return number != null ? number : refuse(key, "must be a number" + bounds.written(), errors);
    }

    private Object whole(JsonNode value, String key, FieldErrors errors) {
        Object whole = bounds.whole(value, type);
        return whole != null ? whole : refuse(key, "must be a whole number" + bounds.written(), errors);
    }

    private List<?> array(JsonNode value, String key, FieldErrors errors) {
        if (!value.isArray()) {
            return refuse(key, "must be an array of " + items(), errors);
        }
        if (value.size() < minItems || value.size() > maxItems) {
            return refuse(key, "must hold " + items() + "; it holds " + value.size(), errors);
        }
        List<Object> rows = new ArrayList<>(value.size());
        for (int i = 0; i < value.size(); i++) {
            rows.add(element.read(value.get(i), key + "[" + i + "].", errors));
        }
        return rows;
    }

    private String items() {
        return minItems + " to " + maxItems + " " + name;
    }

    private <T> T refuse(String key, String derived, FieldErrors errors) {
        errors.add(key, reading == null || reading.refusal().isEmpty() ? derived : reading.refusal());
        return null;
    }
}
