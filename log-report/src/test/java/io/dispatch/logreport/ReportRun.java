package io.dispatch.logreport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One run of the tool in this JVM, as main runs it, with what it wrote and its exit status. */
record ReportRun(int exitCode, String out, String err) {

    static ReportRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = LogReport.run(List.of(args), stdout, stderr, false);
        }
        return new ReportRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs with --format json appended and answers the parsed report; fails on any exit but 0. */
    static JsonNode json(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--format");
        all.add("json");
        ReportRun run = of(all.toArray(String[]::new));
        if (run.exitCode() != 0) {
            throw new AssertionError("exit " + run.exitCode() + ": " + run.err());
        }
        try {
            return new ObjectMapper().readTree(run.out());
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + run.out(), e);
        }
    }
}
