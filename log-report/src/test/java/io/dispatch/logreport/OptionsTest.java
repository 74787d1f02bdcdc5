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
