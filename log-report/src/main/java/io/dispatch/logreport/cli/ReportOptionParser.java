package io.dispatch.logreport.cli;

import io.dispatch.logreport.cli.Options.Format;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Checks the options' values as a whole: exactly one source, the options that go with it, the period, and the
 * report's own settings. The options of {@code --scenario} are {@link ScenarioOptionParser}'s.
 */
final class ReportOptionParser {

    private ReportOptionParser() {}

    static Options parse(Map<String, String> values, boolean scenario) throws UsageException {
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
                values.getOrDefault("--topic", Options.DEFAULT_TOPIC),
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
