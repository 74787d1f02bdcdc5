package io.dispatch.logreport.cli;

import java.util.List;
import java.util.Map;

/**
 * Checks the command line of {@code --scenario}: a period given as two times, none of the report's own options, and
 * settings within the simulator's bounds. Kept apart from {@link ReportOptionParser}, whose checks are the report's.
 */
final class ScenarioOptionParser {

    /** Options only {@code --scenario} takes. */
    static final List<String> SCENARIO_ONLY = List.of(
            "--zone",
            "--positions-topic",
            "--speed-kmh",
            "--detour-factor",
            "--pickup-service-seconds",
            "--dropoff-service-seconds",
            "--target-click-to-door-seconds");

    /** The report's options that mean nothing for a scenario file. */
    private static final List<String> REPORT_ONLY = List.of("--format", "--merchant", "--list-limit");

    private ScenarioOptionParser() {}

    static void refuseScenarioOnly(Map<String, String> values) throws UsageException {
        for (String option : SCENARIO_ONLY) {
            if (values.containsKey(option)) {
                throw new UsageException(option + " goes with --scenario");
            }
        }
    }

    static ScenarioOptions parse(Map<String, String> values, boolean kafka) throws UsageException {
        for (String option : REPORT_ONLY) {
            if (values.containsKey(option)) {
                throw new UsageException(option + " is not for --scenario, which writes a scenario file (JSON)");
            }
        }
        for (String option : List.of("--from-offset", "--to-offset")) {
            if (values.containsKey(option)) {
                throw new UsageException("--scenario takes its period as times (--from, --to), not " + option);
            }
        }
        if (!values.containsKey("--from") || !values.containsKey("--to")) {
            throw new UsageException("--scenario needs --from and --to, the period's times");
        }
        if (!kafka && values.containsKey("--positions-topic")) {
            throw new UsageException("--positions-topic goes with --kafka");
        }
        String zone = values.get("--zone");
        if (zone != null && zone.isBlank()) {
            throw new UsageException("--zone must name a zone, was blank");
        }
        Double speed = decimal(values.get("--speed-kmh"), "--speed-kmh", 0, false);
        Double detour = decimal(values.get("--detour-factor"), "--detour-factor", 1, true);
        return new ScenarioOptions(
                zone == null ? null : zone.trim(),
                values.getOrDefault("--positions-topic", ScenarioOptions.DEFAULT_POSITIONS_TOPIC),
                speed,
                detour,
                whole(values.get("--pickup-service-seconds"), "--pickup-service-seconds", 0),
                whole(values.get("--dropoff-service-seconds"), "--dropoff-service-seconds", 0),
                whole(values.get("--target-click-to-door-seconds"), "--target-click-to-door-seconds", 1));
    }

    private static Double decimal(String text, String option, int bound, boolean boundAllowed) throws UsageException {
        if (text == null) {
            return null;
        }
        try {
            double value = Double.parseDouble(text.trim());
            if (Double.isFinite(value) && (value > bound || (boundAllowed && value == bound))) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " must be a number "
                + (boundAllowed ? "of " + bound + " or more" : "above " + bound) + ", was " + text);
    }

    private static Integer whole(String text, String option, int least) throws UsageException {
        if (text == null) {
            return null;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= least) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " must be a whole number of " + least + " or more, was " + text);
    }
}
