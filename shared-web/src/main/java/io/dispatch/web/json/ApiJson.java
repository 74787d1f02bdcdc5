package io.dispatch.web.json;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.StdSerializer;
import tools.jackson.databind.type.LogicalType;

/**
 * How every REST answer writes time: UTC with exactly three fraction digits
 * ({@code 2026-11-21T10:00:00.000Z}), the contract's "millisecond precision", whatever the
 * instant's own precision (ISO_INSTANT would drop ".000" and keep nanoseconds).
 */
@Configuration(proxyBeanMethods = false)
public class ApiJson {

    public static final DateTimeFormatter MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /**
     * Request bodies bound to records take JSON types as they are: a number or a boolean is no
     * string, and a number or a string (empty or "true") is no boolean. Jackson's default would
     * read {@code {"name": -1, "sandbox": 90}} as the name "-1" of a sandbox merchant.
     */
    @Bean
    JsonMapperBuilderCustomizer strictScalars() {
        return builder -> builder.withCoercionConfig(
                        LogicalType.Textual,
                        config -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Boolean,
                        config -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail));
    }

    @Bean
    SimpleModule instantsInMilliseconds() {
        return new SimpleModule("dispatch-instants").addSerializer(Instant.class, new StdSerializer<>(Instant.class) {
            @Override
            public void serialize(Instant value, JsonGenerator generator, SerializationContext context) {
                generator.writeString(MILLIS.format(value));
            }
        });
    }
}
