package io.dispatch.logreport.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dispatch.logreport.report.Report;
import java.io.IOException;
import java.io.Writer;

/** The report as one JSON object, field for field the {@link Report} record (durations in ms). */
public final class JsonFormat {

    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private JsonFormat() {}

    public static void write(Report report, Writer out) throws IOException {
        JSON.writer()
                .without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, report);
        out.write(System.lineSeparator());
        out.flush();
    }
}
