package io.dispatch.logreport.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** The command line of the report, checked as a whole before anything is read. */
public record Options(
        String kafkaServers,
        String topic,
        String jdbcUrl,
        String dbUser,
        String dbPassword,
        Bound from,
        Bound to,
        UUID merchant,
        Format format,
        Path out,
        int listLimit,
        Duration timeout,
        ScenarioOptions scenario,
        boolean help) {

    public enum Format {
        TEXT,
        CSV,
        JSON
    }

    public static final String DEFAULT_TOPIC = "dispatch-events";

    public static final String USAGE = """
      usage: deploy/log-report.sh (--kafka <bootstrap servers> [--topic <name>]
                                  | --db <jdbc:postgresql://host:port/db> [--db-user <u>] [--db-password <p>])
                                 [--from <time> | --from-offset <offsets>] [--to <time> | --to-offset <offsets>]
                                 [--merchant <uuid>] [--format text|csv|json] [--out <file>]
                                 [--list-limit <n>] [--timeout <seconds>]
             deploy/log-report.sh --scenario (--kafka <servers> [--topic <name>] [--positions-topic <name>]
                                             | --db <url> [--db-user <u>] [--db-password <p>])
                                 --from <time> --to <time> [--zone <id>] [--out <file.json>]
                                 [--speed-kmh <x>] [--detour-factor <x>] [--pickup-service-seconds <n>]
                                 [--dropoff-service-seconds <n>] [--target-click-to-door-seconds <n>]
                                 [--timeout <seconds>]

        --kafka        read the topic (default dispatch-events), every partition, in the wire format
        --db           read command.domain_event_entry, the command-service's event store
        --db-user      default postgres; --db-password default $PGPASSWORD (or none)
        --from, --to   an ISO-8601 time (2026-11-23T10:00:00Z, 2026-11-23T13:00+03:00 or 2026-11-23);
                       Kafka: record timestamps, through offsetsForTimes; event store: its timeStamp column
        --from-offset, --to-offset
                       Kafka: <offset> for every partition, or <partition>:<offset>[,<partition>:<offset>...]
                       (unlisted partitions: from the start, to the end); event store: a global index
                       The range includes its start and excludes its end; without --to it ends at the end
                       of the log as it was when the report started.
        --merchant     only this merchant's events (default: all merchants)
        --format       text (default), csv or json; --out writes to a file instead of standard output
        --list-limit   anomalies, misses and unreadable events listed per kind (default 100; all are counted)
        --timeout      seconds to wait for Kafka or PostgreSQL to answer (default 15)

        --scenario     write the orders created in [--from, --to) (their dispatch.created occurredAt) as a
                       dispatch-sim scenario file, followed to their end however late, with riders from their
                       fixes and a "recorded" part: what actually happened, as dispatch-sim --compare's first
                       row (docs/dispatch-simulator.md, "A scenario from the log"). Notes on what was derived
                       or defaulted, and a summary, go to standard error. Not with --format, --merchant,
                       --list-limit or offsets.
        --zone         only orders created under this zone's dispatching policy (default: every zone)
        --positions-topic
                       the riders' fixes on Kafka (default rider-positions); the event store has only the
                       deliveries' dispatch.location_updated, which is coarser
        --speed-kmh, --detour-factor (1 or more), --pickup-service-seconds, --dropoff-service-seconds,
        --target-click-to-door-seconds
                       the scenario's settings instead of the derived or default ones

      exit status: 0 report (or scenario) written (an empty range gives an empty report), 1 source
      unreachable or unreadable, 2 bad options
      """;

    public boolean fromKafka() {
        return kafkaServers != null;
    }

    /** Whether to write the period as a scenario file ({@code --scenario}) rather than the report. */
    public boolean writesScenario() {
        return scenario != null;
    }

    /**
     * Reads the command line ({@link OptionWords}) and checks it as a whole ({@link ReportOptionParser}); with
     * {@code --help} nothing else is checked but the words.
     */
    public static Options parse(List<String> args) throws UsageException {
        OptionWords words = OptionWords.read(args);
        if (words.help()) {
            return new Options(
                    null,
                    DEFAULT_TOPIC,
                    null,
                    null,
                    null,
                    Bound.NONE,
                    Bound.NONE,
                    null,
                    Format.TEXT,
                    null,
                    100,
                    Duration.ofSeconds(15),
                    null,
                    true);
        }
        return ReportOptionParser.parse(words.values(), words.scenario());
    }
}
