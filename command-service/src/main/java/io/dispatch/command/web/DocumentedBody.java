package io.dispatch.command.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Reads a request body by the record the OpenAPI document draws it from (ADR 0030), so a field's
 * rules (required, length, range, pattern, allowed values, format) are written once, in its
 * {@code @Schema}, and both the document and the parser obey that one declaration. Field by field,
 * every problem is reported at once under the field's name as the client wrote it
 * ({@code orders[3].pickup.lat}); a wrong JSON type is a field error, not an unreadable body; an
 * optional field sent as null counts as absent; unknown fields are ignored. What no schema can
 * state is the record's own code, a {@link CrossFieldRule}.
 */
public final class DocumentedBody<R extends Record> {

    private static final ClassValue<DocumentedBody<?>> BODIES = new ClassValue<>() {
        @Override
        protected DocumentedBody<?> computeValue(Class<?> type) {
            return new DocumentedBody<>(type.asSubclass(Record.class));
        }
    };

    private final List<DocumentedField> fields;
    private final Set<String> required;
    private final Constructor<R> constructor;

    private DocumentedBody(Class<R> type) {
        RecordComponent[] components = type.getRecordComponents();
        this.fields = Arrays.stream(components).map(DocumentedField::new).toList();
        Schema schema = type.getAnnotation(Schema.class);
        this.required = schema == null ? Set.of() : Set.of(schema.requiredProperties());
        try {
            this.constructor = type.getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        constructor.setAccessible(true);
    }

    @SuppressWarnings("unchecked")
    public static <R extends Record> DocumentedBody<R> of(Class<R> type) {
        return (DocumentedBody<R>) BODIES.get(type);
    }

    /**
     * The object read into the record, refused and absent fields null; check {@code errors} before
     * using it. Not an object: a message on {@code body} (or on the prefix, e.g. {@code orders[3]})
     * and null.
     */
    public R read(JsonNode node, String prefix, FieldErrors errors) {
        if (node == null || !node.isObject()) {
            errors.add(prefix.isEmpty() ? "body" : prefix.substring(0, prefix.length() - 1), "must be a JSON object");
            return null;
        }
        return readObject(node, prefix, errors);
    }

    /**
     * A whole request body, read into the record; a body that is not a JSON object answers 422 on
     * {@code body} at once (with any errors already collected), naming the expected shape.
     */
    public R readBody(JsonNode body, String shape, FieldErrors errors) {
        if (body == null || !body.isObject()) {
            errors.add("body", "must be a JSON object " + shape);
            errors.throwIfAny();
        }
        return readObject(body, "", errors);
    }

    /**
     * A whole request body in which anything that is not a JSON object reads as an object without
     * fields: its messages then name the required fields, not the body.
     */
    public R readFields(JsonNode body, FieldErrors errors) {
        return readObject(body != null && body.isObject() ? body : JsonNodeFactory.instance.objectNode(), "", errors);
    }

    R readObject(JsonNode node, String prefix, FieldErrors errors) {
        int before = errors.count();
        Object[] values = new Object[fields.size()];
        Map<String, Object> read = new HashMap<>();
        for (int i = 0; i < values.length; i++) {
            DocumentedField field = fields.get(i);
            JsonNode value = node.get(field.name);
            if (field.raw()) {
                values[i] = value;
            } else if (value == null || value.isNull()) {
                if (required(field, read)) {
                    errors.add(prefix + field.name, field.absentMessage());
                }
            } else {
                values[i] = field.read(value, prefix + field.name, required(field, read), errors);
                read.put(field.name, values[i]);
            }
        }
        R record = construct(values);
        if (record instanceof CrossFieldRule rule) {
            rule.check(prefix, errors.count() == before, errors);
        }
        return record;
    }

    private boolean required(DocumentedField field, Map<String, Object> read) {
        String[] when = field.requiredWhen();
        return required.contains(field.name) || (when != null && when[1].equals(String.valueOf(read.get(when[0]))));
    }

    /** The field names as a message lists them: "address, lat, lng and notes". */
    String names() {
        List<String> names = fields.stream().map(field -> field.name).toList();
        return names.size() == 1
                ? names.getFirst()
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
    }

    private R construct(Object[] values) {
        try {
            return constructor.newInstance(values);
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(
                    "cannot build " + constructor.getDeclaringClass().getSimpleName(), e);
        }
    }

    /** A timestamp this reader accepted, as the instant it names, to the millisecond; null stays null. */
    public static Instant instant(String timestamp) {
        return timestamp == null
                ? null
                : OffsetDateTime.parse(timestamp).toInstant().truncatedTo(ChronoUnit.MILLIS);
    }
}
