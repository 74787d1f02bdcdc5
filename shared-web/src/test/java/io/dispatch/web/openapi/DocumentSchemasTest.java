package io.dispatch.web.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DocumentSchemasTest {

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void a_nullable_enum_whose_values_came_from_an_annotation_lists_null_among_them() {
        Schema reason = new JsonSchema().types(new LinkedHashSet<>(List.of("string", "null")));
        reason.setEnum(List.of("MANUAL", "WAITING_FOR_OFFER")); // unmodifiable, as from @Schema(allowableValues)
        Schema owner = new JsonSchema().types(new LinkedHashSet<>(List.of("object")));
        owner.setProperties(new java.util.LinkedHashMap<>(Map.of("reason", reason)));
        OpenAPI document = new OpenAPI().components(new Components().schemas(Map.of("Dispatching", owner)));

        DocumentSchemas.nullableReferences(document);

        assertThat(((Schema) owner.getProperties().get("reason")).getEnum())
                .containsExactly("MANUAL", "WAITING_FOR_OFFER", null);
    }
}
