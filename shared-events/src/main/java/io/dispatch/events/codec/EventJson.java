package io.dispatch.events.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoUnit;

/** The one Jackson configuration for the event wire format. */
final class EventJson {

    private EventJson() {}

    static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .addModule(
                        new SimpleModule("event-instants").addSerializer(Instant.class, new MillisInstantSerializer()))
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                // Forward compatibility: a newer producer may add fields we do not know yet.
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .build();
    }

    /**
     * Always exactly three fraction digits, so the shape of a timestamp never depends on its
     * value (Jackson's default drops ".000" and prints nanoseconds when present).
     */
    static final class MillisInstantSerializer extends StdSerializer<Instant> {

        private static final DateTimeFormatter FORMAT =
                new DateTimeFormatterBuilder().appendInstant(3).toFormatter();

        MillisInstantSerializer() {
            super(Instant.class);
        }

        @Override
        public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(FORMAT.format(value.truncatedTo(ChronoUnit.MILLIS)));
        }
    }
}
