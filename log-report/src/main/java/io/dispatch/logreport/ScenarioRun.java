package io.dispatch.logreport;

import io.dispatch.logreport.cli.Bound;
import io.dispatch.logreport.cli.Options;
import io.dispatch.logreport.cli.ScenarioOptions;
import io.dispatch.logreport.read.SourceUnavailableException;
import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.logreport.scenario.ScenarioRequest;
import io.dispatch.logreport.scenario.ScenarioSettings;
import io.dispatch.policy.sim.ScenarioJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * {@code log-report --scenario}: the period as a scenario file with its recorded figures (stdout or {@code --out}),
 * the notes and a one-line summary on standard error. Exit status as the report's.
 */
final class ScenarioRun {

    private ScenarioRun() {}

    static int run(Options options, PrintStream out, PrintStream err) {
        ScenarioOptions given = options.scenario();
        Instant from = ((Bound.Time) options.from()).instant();
        Instant to = ((Bound.Time) options.to()).instant();
        ScenarioRequest request = new ScenarioRequest(
                from,
                to,
                given.zoneId(),
                new ScenarioSettings(
                        given.speedKmh(),
                        given.detourFactor(),
                        given.pickupServiceSeconds(),
                        given.dropoffServiceSeconds(),
                        given.targetClickToDoorSeconds()));
        try {
            LogScenario.Made made = options.fromKafka()
                    ? LogScenario.fromKafka(
                            options.kafkaServers(), options.topic(), given.positionsTopic(), request, options.timeout())
                    : LogScenario.fromEventStore(
                            options.jdbcUrl(), options.dbUser(), options.dbPassword(), request, options.timeout());
            write(made, options.out(), out);
            made.notes().forEach(note -> err.println("log-report: " + note));
            err.printf(
                    "log-report: scenario of %,d orders, %,d riders, %,d delivered, period %s..%s%s%s%n",
                    made.scenario().orders().size(),
                    made.scenario().riders().size(),
                    made.recorded().figures().delivered(),
                    from,
                    to,
                    given.zoneId() == null ? "" : " zone " + given.zoneId(),
                    options.out() == null ? "" : "; written to " + options.out());
            return LogReport.OK;
        } catch (SourceUnavailableException e) {
            err.println("log-report: " + e.getMessage());
            return LogReport.UNAVAILABLE;
        } catch (IOException e) {
            err.println("log-report: cannot write the scenario: " + e.getMessage());
            return LogReport.UNAVAILABLE;
        }
    }

    private static void write(LogScenario.Made made, Path file, PrintStream stdout) throws IOException {
        if (file != null) {
            ScenarioJson.write(made.scenario(), made.recorded(), file);
            return;
        }
        // ScenarioJson writes files only; standard output gets a copy of one
        Path temporary = Files.createTempFile("log-report-scenario", ".json");
        try {
            ScenarioJson.write(made.scenario(), made.recorded(), temporary);
            Files.copy(temporary, stdout);
            stdout.println();
            stdout.flush();
            if (stdout.checkError()) {
                throw new IOException("writing to standard output failed");
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
