package io.dispatch.web.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The component schemas of one document, trimmed to its own and written as OpenAPI 3.1 means. */
final class DocumentSchemas {

    private static final Pattern REFERENCE = Pattern.compile("#/components/schemas/([^\"]+)\"");

    private DocumentSchemas() {}

    /** Drops the schemas no operation of this document refers to, directly or through other schemas. */
    static void keepReferenced(OpenAPI openApi) {
        Map<String, Schema> schemas = openApi.getComponents().getSchemas();
        if (schemas == null) {
            return;
        }
        Set<String> kept = new LinkedHashSet<>();
        Deque<String> pending = new ArrayDeque<>(references(openApi.getPaths()));
        while (!pending.isEmpty()) {
            String name = pending.pop();
            if (kept.add(name) && schemas.containsKey(name)) {
                pending.addAll(references(schemas.get(name)));
            }
        }
        schemas.keySet().retainAll(kept);
    }

    /**
     * swagger-core writes a nullable reference as {@code {type: "null", $ref}}, which says "null
     * only"; JSON Schema 2020-12 (OpenAPI 3.1) says "this object or null" as a oneOf.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void nullableReferences(OpenAPI openApi) {
        Map<String, Schema> schemas = openApi.getComponents().getSchemas();
        if (schemas == null) {
            return;
        }
        schemas.values().forEach(schema -> {
            Map<String, Schema> properties = schema.getProperties();
            if (properties == null) {
                return;
            }
            properties.values().forEach(property -> {
                // a nullable enum lists null among its values, or null fails the enum
                if (property.getEnum() != null
                        && property.getTypes() != null
                        && property.getTypes().contains("null")
                        && property.getEnum().stream().noneMatch(java.util.Objects::isNull)) {
                    // a copy: the list an @Schema(allowableValues) made may be unmodifiable (a 500 on /v3/api-docs)
                    List<Object> values = new ArrayList<>(property.getEnum());
                    values.add(null);
                    property.setEnum(values);
                }
            });
            properties.replaceAll((name, property) -> {
                if (property.get$ref() == null
                        || property.getTypes() == null
                        || !property.getTypes().contains("null")) {
                    return property;
                }
                Schema either = new JsonSchema();
                either.setDescription(property.getDescription());
                either.setOneOf(List.of(
                        new JsonSchema().$ref(property.get$ref()),
                        new JsonSchema().types(new LinkedHashSet<>(List.of("null")))));
                return either;
            });
        });
    }

    private static Set<String> references(Object part) {
        Set<String> names = new LinkedHashSet<>();
        try {
            Matcher matcher = REFERENCE.matcher(Json31.mapper().writeValueAsString(part));
            while (matcher.find()) {
                names.add(matcher.group(1));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read the document's references", e);
        }
        return names;
    }
}
