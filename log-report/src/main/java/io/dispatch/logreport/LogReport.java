package io.dispatch.logreport;

import io.dispatch.logreport.cli.Options;
import io.dispatch.logreport.cli.UsageException;
import io.dispatch.logreport.output.CsvFormat;
import io.dispatch.logreport.output.JsonFormat;
import io.dispatch.logreport.output.TextFormat;
import io.dispatch.logreport.read.EventStoreLogSource;
import io.dispatch.logreport.read.KafkaLogSource;
import io.dispatch.logreport.read.LogSource;
import io.dispatch.logreport.read.SourceUnavailableException;
import io.dispatch.logreport.report.Report;
import io.dispatch.logreport.report.ReportBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * The auditors' report over a range of the event log (README, "Reporting on the log"), or with
 * {@code --scenario} the period as a dispatch-sim scenario file ({@link ScenarioRun}). Exit status 0
 * when the report is written, 1 when the source cannot be reached or read, 2 for bad options.
 */
public final class LogReport {

    public static final int OK = 0;
    public static final int UNAVAILABLE = 1;
    public static final int USAGE = 2;

    private LogReport() {}

    public static void main(String[] args) {
        // the Kafka client's retry warnings would tear the progress bar; its errors still show
        System.setProperty(
                "org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "error"));
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.exit(run(List.of(args), System.out, System.err, onTerminal()));
    }

    /**
     * A console that is a terminal. From JDK 22 on, System.console() is not null even when the
     * streams are redirected, and Console.isTerminal() (not in the release-21 API) tells them apart.
     */
    private static boolean onTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: a console exists only on a terminal
        }
    }

    /** The whole run, for main and for tests: writes the report to {@code out} (or --out), messages to err. */
    public static int run(List<String> args, PrintStream out, PrintStream err, boolean terminal) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (UsageException e) {
            err.println("log-report: " + e.getMessage());
            err.println();
            err.print(Options.USAGE);
            return USAGE;
        }
        if (options.help()) {
            out.print(Options.USAGE);
            return OK;
        }
        if (options.writesScenario()) {
            return ScenarioRun.run(options, out, err);
        }
        try (LogSource source = open(options)) {
            long total = source.open();
            ReportBuilder builder = new ReportBuilder(options.merchant(), options.listLimit());
            double seconds;
            long done;
            try (Progress progress = new Progress(total, err, terminal)) {
                source.read(record -> {
                    builder.accept(record);
                    progress.advance();
                });
                seconds = progress.seconds();
                done = progress.done();
            }
            Report report = builder.finish(source.describe());
            write(report, options, out);
            err.printf(
                    "log-report: %,d entries read in %.2f s (%,.0f entries/s); %,d events counted, %,d unreadable%s%n",
                    done,
                    seconds,
                    seconds > 0 ? done / seconds : 0,
                    report.events(),
                    report.unreadableTotal(),
                    options.out() == null ? "" : "; report written to " + options.out());
            return OK;
        } catch (SourceUnavailableException e) {
            err.println("log-report: " + e.getMessage());
            return UNAVAILABLE;
        } catch (IOException e) {
            err.println("log-report: cannot write the report: " + e.getMessage());
            return UNAVAILABLE;
        }
    }

    private static LogSource open(Options options) {
        return options.fromKafka()
                ? new KafkaLogSource(
                        options.kafkaServers(), options.topic(), options.from(), options.to(), options.timeout())
                : new EventStoreLogSource(
                        options.jdbcUrl(),
                        options.dbUser(),
                        options.dbPassword(),
                        options.from(),
                        options.to(),
                        options.timeout());
    }

    private static void write(Report report, Options options, PrintStream stdout) throws IOException {
        OutputStream target = options.out() == null ? stdout : Files.newOutputStream(options.out());
        try (Writer writer = new OutputStreamWriter(
                        options.out() == null ? nonClosing(target) : target, StandardCharsets.UTF_8);
                PrintWriter out = new PrintWriter(writer)) {
            switch (options.format()) {
                case TEXT -> TextFormat.write(report, out);
                case CSV -> CsvFormat.write(report, out);
                case JSON -> JsonFormat.write(report, out);
            }
            out.flush();
            if (out.checkError()) {
                throw new IOException(
                        "writing to " + (options.out() == null ? "standard output" : options.out()) + " failed");
            }
        }
    }

    private static OutputStream nonClosing(OutputStream stream) {
        return new java.io.FilterOutputStream(stream) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }
}
