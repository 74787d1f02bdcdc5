package logreport;

import io.dispatch.events.DispatchCreated;
import io.dispatch.infrastructure.Infrastructure;
import io.dispatch.infrastructure.InfrastructureOptions;
import io.dispatch.infrastructure.RunningInfrastructure;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import logreport.Lifecycles.Seeded;

/**
 * bench/log-report.sh's harness: starts the project's embedded Kafka and PostgreSQL, seeds the
 * same realistic lifecycles (seeded random: creates, assignments, pick-ups, departures, location
 * updates, deliveries, failures, cancellations over 50 merchants) into topic dispatch-events
 * (6 partitions) and into command.domain_event_entry (command-service's DDL, rows as Axon writes
 * them), then per round times a baseline and the report tool (its jar, a JVM of its own) on each
 * source. Baselines: a raw consumer read of the whole topic (bytes only, no decoding), and a JDBC
 * read of the same columns the tool selects (no decoding). Prints result lines prefixed "result: ".
 * Usage: java -cp <log-report test classpath> bench/logreport/LogReportBench.java <events> <rounds> <tool jar> <java>
 */
public class LogReportBench {

    static final String TOPIC = "dispatch-events";

    private LogReportBench() {}

    public static void main(String[] args) throws Exception {
        int events = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        String jar = args[2];
        String java = args[3];
        try (RunningInfrastructure infrastructure =
                Infrastructure.start(InfrastructureOptions.ephemeral(), "embedded")) {
            List<Seeded> log = Lifecycles.generate(events);
            long deliveries = log.stream()
                    .filter(s -> s.event() instanceof DispatchCreated)
                    .count();
            String servers = infrastructure.kafkaBootstrapServers();
            String database = "logreport";
            infrastructure.createDatabase(database);
            String url = infrastructure.jdbcUrl(database);
            long t = System.nanoTime();
            long bytes = Seeding.kafka(servers, log);
            say(
                    "seeded %,d events (%,d deliveries, %,d bytes on the wire) into Kafka in %.1f s",
                    log.size(), deliveries, bytes, secs(t));
            t = System.nanoTime();
            Seeding.eventStore(url, infrastructure, log);
            say("seeded the same %,d events into command.domain_event_entry in %.1f s", log.size(), secs(t));
            for (int round = 1; round <= rounds; round++) {
                t = System.nanoTime();
                long read = RawReads.kafka(servers);
                double raw = secs(t);
                say(
                        "result: round %d kafka baseline (raw consumer, no decoding): %,d records in %.2f s = %,.0f"
                                + " records/s",
                        round, read, raw, read / raw);
                tool(
                        round,
                        "kafka",
                        List.of(
                                java,
                                "-Xmx1g",
                                "-jar",
                                jar,
                                "--kafka",
                                servers,
                                "--format",
                                "json",
                                "--out",
                                "/dev/null"),
                        log.size());
                t = System.nanoTime();
                long rows = RawReads.eventStore(url, infrastructure);
                double rawDb = secs(t);
                say(
                        "result: round %d event-store baseline (JDBC read of the same columns, no decoding): %,d rows"
                                + " in %.2f s = %,.0f rows/s",
                        round, rows, rawDb, rows / rawDb);
                tool(
                        round,
                        "event store",
                        List.of(
                                java,
                                "-Xmx1g",
                                "-jar",
                                jar,
                                "--db",
                                url,
                                "--db-user",
                                infrastructure.username(),
                                "--db-password",
                                infrastructure.password(),
                                "--format",
                                "json",
                                "--out",
                                "/dev/null"),
                        log.size());
            }
        }
    }

    static void tool(int round, String source, List<String> command, int expected) throws Exception {
        long t = System.nanoTime();
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(process.getErrorStream().readAllBytes());
        int exit = process.waitFor();
        double wall = secs(t);
        Matcher m = Pattern.compile("([\\d,]+) entries read in ([\\d.]+) s \\(([\\d,]+) entries/s\\)")
                .matcher(err);
        if (exit != 0 || !m.find()) {
            throw new IllegalStateException("log-report exit " + exit + ": " + err);
        }
        long entries = Long.parseLong(m.group(1).replace(",", ""));
        if (entries != expected) {
            throw new IllegalStateException("log-report read " + entries + " entries, " + expected + " were seeded");
        }
        say(
                "result: round %d log-report on the %s: %,d events read and reported in %s s = %s events/s (reading"
                    + " loop); %.2f s for the whole command (JVM start, connect, resolve the range, write the report)"
                    + " = %,.0f events/s",
                round, source, entries, m.group(2), m.group(3), wall, entries / wall);
    }

    static double secs(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    static void say(String format, Object... args) {
        System.out.println(String.format(format, args));
        System.out.flush();
    }
}
