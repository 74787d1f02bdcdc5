package io.dispatch.logreport.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

    public static Options parse(List<String> args) throws UsageException {
        Deque<String> rest = new ArrayDeque<>(args);
        Map<String, String> values = new LinkedHashMap<>();
        boolean help = false;
        boolean scenario = false;
        while (!rest.isEmpty()) {
            String name = rest.pop();
            if (name.equals("--help") || name.equals("-h")) {
                help = true;
                continue;
            }
            if (name.equals("--scenario")) {
                if (scenario) {
                    throw new UsageException("--scenario is given twice");
                }
                scenario = true;
                continue;
            }
            String value = null;
            int equals = name.indexOf('=');
            if (name.startsWith("--") && equals > 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (!KNOWN.contains(name)) {
                throw new UsageException("unknown option " + name);
            }
            if (value == null) {
                if (rest.isEmpty()) {
                    throw new UsageException(name + " needs a value");
                }
                value = rest.pop();
            }
            if (values.put(name, value) != null) {
                throw new UsageException(name + " is given twice");
            }
        }
        if (help) {
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
        return build(values, scenario);
    }

    private static final List<String> KNOWN = List.of(
            "--kafka",
            "--topic",
            "--db",
            "--db-user",
            "--db-password",
            "--from",
            "--from-offset",
            "--to",
            "--to-offset",
            "--merchant",
            "--format",
            "--out",
            "--list-limit",
            "--timeout",
            "--zone",
            "--positions-topic",
            "--speed-kmh",
            "--detour-factor",
            "--pickup-service-seconds",
            "--dropoff-service-seconds",
            "--target-click-to-door-seconds");

    private static Options build(Map<String, String> values, boolean scenario) throws UsageException {
        String kafka = blankToNull(values.get("--kafka"));
        String db = blankToNull(values.get("--db"));
        if ((kafka == null) == (db == null)) {
            throw new UsageException("give exactly one source: --kafka <bootstrap servers> or --db <jdbc url>");
        }
        if (kafka != null && (values.containsKey("--db-user") || values.containsKey("--db-password"))) {
            throw new UsageException("--db-user and --db-password go with --db");
        }
        if (db != null && values.containsKey("--topic")) {
            throw new UsageException("--topic goes with --kafka");
        }
        if (db != null && !db.startsWith("jdbc:postgresql:")) {
            throw new UsageException("--db must be a jdbc:postgresql:// URL, was " + db);
        }
        boolean kafkaSource = kafka != null;
        ScenarioOptions scenarioOptions = null;
        if (scenario) {
            scenarioOptions = ScenarioOptionParser.parse(values, kafkaSource);
        } else {
            ScenarioOptionParser.refuseScenarioOnly(values);
        }
        Bound from = BoundOptions.bound(values, "--from", "--from-offset", kafkaSource);
        Bound to = BoundOptions.bound(values, "--to", "--to-offset", kafkaSource);
        if (from instanceof Bound.Time f
                && to instanceof Bound.Time t
                && !f.instant().isBefore(t.instant())) {
            throw new UsageException("--from must be before --to");
        }
        String password =
                values.containsKey("--db-password") ? values.get("--db-password") : System.getenv("PGPASSWORD");
        return new Options(
                kafka,
                values.getOrDefault("--topic", DEFAULT_TOPIC),
                db,
                values.getOrDefault("--db-user", "postgres"),
                password,
                from,
                to,
                values.containsKey("--merchant") ? uuid(values.get("--merchant")) : null,
                format(values.getOrDefault("--format", "text")),
                values.containsKey("--out") ? Path.of(values.get("--out")) : null,
                positive(values.getOrDefault("--list-limit", "100"), "--list-limit", true),
                Duration.ofSeconds(positive(values.getOrDefault("--timeout", "15"), "--timeout", false)),
                scenarioOptions,
                false);
    }

    private static int positive(String text, String option, boolean zeroAllowed) throws UsageException {
        try {
            int value = Integer.parseInt(text.trim());
            if (value > 0 || (zeroAllowed && value == 0)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(
                option + " must be a whole number" + (zeroAllowed ? " of 0 or more" : " above 0") + ", was " + text);
    }

    private static UUID uuid(String text) throws UsageException {
        try {
            return UUID.fromString(text.trim());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--merchant must be a merchant id (a UUID), was " + text);
        }
    }

    private static Format format(String text) throws UsageException {
        try {
            return Format.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--format must be text, csv or json, was " + text);
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }
}
