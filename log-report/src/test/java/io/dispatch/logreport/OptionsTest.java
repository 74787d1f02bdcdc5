package io.dispatch.logreport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Bad command lines: exit 2 with what is wrong and the usage, before anything is read. */
class OptionsTest {

    @Test
    void no_source_is_a_usage_error() {
        assertUsageError(new String[] {}, "give exactly one source");
    }

    @Test
    void two_sources_are_a_usage_error() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--db", "jdbc:postgresql://h/d"}, "exactly one source");
    }

    @Test
    void an_unknown_option_is_a_usage_error() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--frm", "2026-01-01"}, "unknown option --frm");
    }

    @Test
    void a_time_that_is_not_iso_8601_is_a_usage_error() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--from", "yesterday"}, "--from must be an ISO-8601 time");
    }

    @Test
    void a_time_and_an_offset_for_the_same_end_are_a_usage_error() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--from", "2026-01-01", "--from-offset", "3"}, "not both");
    }

    @Test
    void a_range_that_ends_before_it_starts_is_a_usage_error() {
        assertUsageError(
                new String[] {"--kafka", "a:9092", "--from", "2026-01-02", "--to", "2026-01-01"},
                "--from must be before --to");
    }

    @Test
    void partition_offsets_for_the_event_store_are_a_usage_error() {
        assertUsageError(new String[] {"--db", "jdbc:postgresql://h/d", "--to-offset", "0:5"}, "one global index");
    }

    @Test
    void a_merchant_that_is_not_a_uuid_is_a_usage_error() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--merchant", "acme"}, "--merchant must be a merchant id");
    }

    @Test
    void an_unknown_format_is_a_usage_error() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--format", "xml"}, "--format must be text, csv or json");
    }

    @Test
    void a_negative_offset_is_a_usage_error() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--from-offset", "-4"}, "0 or more");
    }

    @Test
    void a_scenario_needs_both_ends_of_its_period_as_times() {
        assertUsageError(
                new String[] {"--scenario", "--kafka", "a:9092", "--from", "2026-01-01"}, "needs --from and --to");
        assertUsageError(
                new String[] {"--scenario", "--kafka", "a:9092", "--from", "2026-01-01", "--to-offset", "5"},
                "--scenario takes its period as times (--from, --to), not --to-offset");
    }

    @Test
    void the_reports_own_options_are_refused_with_a_scenario() {
        for (String[] option : new String[][] {
            {"--format", "json"}, {"--merchant", "aaaaaaaa-0000-4000-8000-000000000001"}, {"--list-limit", "5"}
        }) {
            assertUsageError(
                    new String[] {
                        "--scenario",
                        "--kafka",
                        "a:9092",
                        "--from",
                        "2026-01-01",
                        "--to",
                        "2026-01-02",
                        option[0],
                        option[1]
                    },
                    option[0] + " is not for --scenario");
        }
    }

    @Test
    void the_scenarios_options_need_the_scenario() {
        assertUsageError(new String[] {"--kafka", "a:9092", "--zone", "nairobi-cbd"}, "--zone goes with --scenario");
    }

    @Test
    void a_scenario_setting_out_of_bounds_is_a_usage_error() {
        String[] period = {"--scenario", "--kafka", "a:9092", "--from", "2026-01-01", "--to", "2026-01-02"};
        assertUsageError(with(period, "--detour-factor", "0.9"), "--detour-factor must be a number of 1 or more");
        assertUsageError(with(period, "--speed-kmh", "0"), "--speed-kmh must be a number above 0");
        assertUsageError(with(period, "--pickup-service-seconds", "-1"), "0 or more");
        assertUsageError(with(period, "--target-click-to-door-seconds", "soon"), "whole number of 1 or more");
        assertUsageError(
                new String[] {
                    "--scenario",
                    "--db",
                    "jdbc:postgresql://h/d",
                    "--from",
                    "2026-01-01",
                    "--to",
                    "2026-01-02",
                    "--positions-topic",
                    "p"
                },
                "--positions-topic goes with --kafka");
    }

    private static String[] with(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    @Test
    void help_prints_the_usage_and_succeeds() {
        ReportRun run = ReportRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("usage: deploy/log-report.sh");
    }

    private static void assertUsageError(String[] args, String message) {
        ReportRun run = ReportRun.of(args);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(message).contains("usage: deploy/log-report.sh");
        assertThat(run.out()).isEmpty();
    }
}
