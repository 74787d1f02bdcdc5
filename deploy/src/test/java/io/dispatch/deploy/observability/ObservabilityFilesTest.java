package io.dispatch.deploy.observability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.deploy.ops.DebianPackages;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * What operators load into their own tools, in {@code deploy/observability/}: the Prometheus
 * alert rules, their unit tests and an example scrape configuration, checked by Prometheus's
 * own {@code promtool}; and the Grafana dashboard, checked for structure. Both are checked
 * against the metric names the services expose ({@link #KNOWN_METRICS}), so that a typo in a
 * metric name fails the build instead of leaving an empty panel or an alert that can never
 * fire. Each check is also fed a broken input, to show that it can fail.
 *
 * <p>{@code promtool} is Debian's ({@code prometheus} package, 2.42). When it is missing and
 * the build runs as root, the test installs it with apt-get (logged to
 * {@code target/prometheus-install.log}); otherwise it fails saying how to install it. It is
 * never skipped. Only promtool is used: no Prometheus server is started or needed; the
 * installation keeps the package from starting its server, and stops one that started anyway.
 */
class ObservabilityFilesTest {

    static final Path DIR = Path.of("observability");
    static final Path ALERTS = DIR.resolve("prometheus/alerts.yml");
    static final Path ALERTS_TEST = DIR.resolve("prometheus/alerts-test.yml");
    static final Path CONFIG = DIR.resolve("prometheus/prometheus.yml");
    static final Path DASHBOARD = DIR.resolve("grafana/dispatch-dashboard.json");
    static final Path README = DIR.resolve("README.md");
    /** How the runbook annotations name the README (from the repository's root). */
    static final String RUNBOOK_PREFIX = "deploy/observability/README.md#";

    /**
     * The Prometheus names of what the services expose (Micrometer's exposition of their meters,
     * Spring Boot's HTTP server timer, the JVM and process meters) and what Prometheus adds
     * ({@code up}). Nothing else may appear in a rule, a rule test or a panel.
     */
    static final Set<String> KNOWN_METRICS = Set.of(
            // automatic dispatch: query-service's decisions projection and the dispatch engine (issue 33)
            "dispatch_offers_total",
            "dispatch_assigned_total",
            "dispatch_no_rider_total",
            "dispatch_dispatches_created_total",
            "dispatch_time_to_assign_seconds_bucket",
            "dispatch_time_to_assign_seconds_count",
            "dispatch_time_to_assign_seconds_sum",
            "dispatch_engine_decisions_total",
            "dispatch_engine_decision_latency_seconds_bucket",
            "dispatch_engine_decision_latency_seconds_count",
            "dispatch_engine_decision_latency_seconds_sum",
            "dispatch_engine_decision_latency_seconds",
            "dispatch_engine_decide_latency_seconds",
            "dispatch_engine_decide_latency_seconds_bucket",
            "dispatch_engine_waiting",
            "dispatch_engine_offers_open",
            "dispatch_engine_leading",
            // Spring Boot's HTTP server timer (histogram buckets enabled)
            "http_server_requests_seconds_count",
            "http_server_requests_seconds_sum",
            "http_server_requests_seconds_bucket",
            // dispatch's own
            "dispatch_consumer_lag",
            "dispatch_projection_apply_seconds_count",
            "dispatch_projection_apply_seconds_sum",
            "dispatch_projection_apply_seconds_bucket",
            "dispatch_webhook_notifications_total",
            "dispatch_webhook_attempts_seconds_count",
            "dispatch_webhook_attempts_seconds_sum",
            "dispatch_webhook_attempts_seconds_bucket",
            "dispatch_webhook_backlog",
            "dispatch_webhook_pending",
            "dispatch_dead_letters_total",
            "dispatch_pin_wrong_guesses_total",
            "dispatch_pin_locks_total",
            "dispatch_publication_lag_seconds",
            "dispatch_ready",
            // Prometheus, per target
            "up",
            // Micrometer's JVM and process meters
            "jvm_memory_used_bytes",
            "jvm_memory_committed_bytes",
            "jvm_memory_max_bytes",
            "jvm_gc_pause_seconds_count",
            "jvm_gc_pause_seconds_sum",
            "jvm_threads_live_threads",
            "process_cpu_usage",
            "system_cpu_usage",
            "system_cpu_count",
            "process_uptime_seconds");

    /** What the dashboard must show: one panel at least reads each of these. */
    static final Set<String> DASHBOARD_MUST_READ = Set.of(
            "http_server_requests_seconds_count",
            "http_server_requests_seconds_bucket",
            "dispatch_consumer_lag",
            "dispatch_projection_apply_seconds_bucket",
            "dispatch_publication_lag_seconds",
            "dispatch_webhook_notifications_total",
            "dispatch_webhook_attempts_seconds_bucket",
            "dispatch_webhook_backlog",
            "dispatch_dead_letters_total",
            "dispatch_ready",
            "dispatch_pin_wrong_guesses_total",
            "dispatch_pin_locks_total",
            "jvm_memory_used_bytes",
            "process_cpu_usage");

    /** What the alert rules must watch: one rule at least reads each of these. */
    static final Set<String> ALERTS_MUST_READ = Set.of(
            "dispatch_consumer_lag",
            "dispatch_dead_letters_total",
            "dispatch_webhook_notifications_total",
            "dispatch_webhook_backlog",
            "dispatch_ready",
            "up",
            "dispatch_publication_lag_seconds",
            "http_server_requests_seconds_count",
            "dispatch_pin_locks_total");

    private static final ObjectMapper JSON = new ObjectMapper();

    // ---------------------------------------------------------------------------------------
    // promtool on the real files

    @Test
    void alertRulesPassPromtoolCheckRules() {
        Promtool.Result result = Promtool.run("check", "rules", ALERTS.toString());
        assertThat(result.exit())
                .as("promtool check rules %s:%n%s", ALERTS, result.output())
                .isZero();
        assertThat(result.output()).contains("SUCCESS");
    }

    @Test
    void scrapeConfigPassesPromtoolCheckConfig() {
        Promtool.Result result = Promtool.run("check", "config", CONFIG.toString());
        assertThat(result.exit())
                .as("promtool check config %s:%n%s", CONFIG, result.output())
                .isZero();
        // the config loads the rules: check config checked them too
        assertThat(result.output()).contains("Checking " + ALERTS);
    }

    @Test
    void alertUnitTestsPassPromtoolTestRules() {
        Promtool.Result result = Promtool.run("test", "rules", ALERTS_TEST.toString());
        assertThat(result.exit())
                .as("promtool test rules %s:%n%s", ALERTS_TEST, result.output())
                .isZero();
        assertThat(result.output()).contains("SUCCESS");
    }

    @Test
    void dashboardQueriesParseAsPromQl(@TempDir Path dir) throws IOException {
        // promtool has no "check this expression" command: every panel query (with Grafana's
        // variables given values) becomes a recording rule, and check rules parses them all
        Map<String, String> queries = DashboardCheck.queries(JSON.readTree(DASHBOARD.toFile()));
        assertThat(queries).hasSizeGreaterThan(10);
        Path rules = dir.resolve("dashboard-queries.yml");
        Files.writeString(rules, DashboardCheck.asRecordingRules(queries));
        Promtool.Result result = Promtool.run("check", "rules", rules.toString());
        assertThat(result.exit())
                .as("the dashboard's queries as rules (%s):%n%s", rules, result.output())
                .isZero();
        assertThat(result.output()).contains("SUCCESS: " + queries.size() + " rules found");

        // and that check fails on a query that does not parse
        String first = queries.keySet().iterator().next();
        Map<String, String> broken = new LinkedHashMap<>(queries);
        broken.put(first, queries.get(first) + " + on (");
        Path brokenRules = dir.resolve("broken-dashboard-queries.yml");
        Files.writeString(brokenRules, DashboardCheck.asRecordingRules(broken));
        result = Promtool.run("check", "rules", brokenRules.toString());
        assertThat(result.exit()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("dashboard:" + first);
    }

    // ---------------------------------------------------------------------------------------
    // promtool can fail: broken copies of the real files

    @Test
    void promtoolCheckRulesRejectsABrokenRule(@TempDir Path dir) throws IOException {
        String rules = Files.readString(ALERTS);
        // an unbalanced parenthesis
        Path unparsable = write(
                dir.resolve("unparsable.yml"),
                replace(
                        rules,
                        "sum by (group) (max by (group, topic, partition) (dispatch_consumer_lag)) > 10000",
                        "sum by (group) (max by (group, topic, partition) (dispatch_consumer_lag) > 10000"));
        Promtool.Result result = Promtool.run("check", "rules", unparsable.toString());
        assertThat(result.exit()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("FAILED", "DispatchConsumerLagCritical");
        // a misspelt field (promtool reads the rule files strictly)
        Path misspelt = write(dir.resolve("misspelt.yml"), replace(rules, "        for: 10m\n", "        fro: 10m\n"));
        result = Promtool.run("check", "rules", misspelt.toString());
        assertThat(result.exit()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("fro");
    }

    @Test
    void promtoolCheckConfigRejectsABrokenConfigOrABrokenRuleFile(@TempDir Path dir) throws IOException {
        String config = Files.readString(CONFIG);
        String rules = Files.readString(ALERTS);
        // a good config that loads a broken rule file
        write(
                dir.resolve("alerts.yml"),
                replace(
                        rules,
                        "max(dispatch_publication_lag_seconds) > 30",
                        "max(dispatch_publication_lag_seconds) >"));
        Path withBrokenRules = write(dir.resolve("prometheus.yml"), config);
        Promtool.Result result = Promtool.run("check", "config", withBrokenRules.toString());
        assertThat(result.exit()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("DispatchPublicationLagHigh");
        // a broken config
        Path broken =
                write(dir.resolve("broken.yml"), replace(config, "scrape_interval: 15s", "scrape_interval: fifteen"));
        result = Promtool.run("check", "config", broken.toString());
        assertThat(result.exit()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("fifteen");
    }

    @Test
    void promtoolTestRulesFailsWhenAnAlertDoesNotBehaveAsTested(@TempDir Path dir) throws IOException {
        String rules = Files.readString(ALERTS);
        String tests = Files.readString(ALERTS_TEST);
        // the rules changed (a threshold moved), the tests did not
        Path changedRules = dir.resolve("changed-rules");
        Files.createDirectories(changedRules);
        write(
                changedRules.resolve("alerts.yml"),
                replace(rules, "dispatch_consumer_lag)) > 1000", "dispatch_consumer_lag)) > 5000"));
        Path test = write(changedRules.resolve("alerts-test.yml"), tests);
        Promtool.Result result = Promtool.run("test", "rules", test.toString());
        assertThat(result.exit()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("DispatchConsumerLagHigh");
        // a test expects another value than the rule gives
        Path changedTests = dir.resolve("changed-tests");
        Files.createDirectories(changedTests);
        write(changedTests.resolve("alerts.yml"), rules);
        test = write(
                changedTests.resolve("alerts-test.yml"),
                replace(
                        tests,
                        "summary: 'Events wait 45s to be published to Kafka'",
                        "summary: 'Events wait 46s to be published to Kafka'"));
        result = Promtool.run("test", "rules", test.toString());
        assertThat(result.exit()).as(result.output()).isNotZero();
        assertThat(result.output()).contains("DispatchPublicationLagHigh");
    }

    // ---------------------------------------------------------------------------------------
    // the rules and their tests, read here: metric names, annotations, runbooks, coverage

    @Test
    void alertRulesUseKnownMetricsAndCarryRunbooks() throws IOException {
        RuleCheck check =
                RuleCheck.of(Files.readString(ALERTS), Files.readString(ALERTS_TEST), Files.readString(README));
        assertThat(check.problems()).isEmpty();
        assertThat(check.alertNames())
                .contains(
                        "DispatchConsumerLagHigh",
                        "DispatchConsumerLagCritical",
                        "DispatchDeadLetters",
                        "DispatchWebhookFailureRateHigh",
                        "DispatchWebhookBacklogGrowing",
                        "DispatchInstanceNotReady",
                        "DispatchServiceNoReadyInstance",
                        "DispatchPublicationLagHigh",
                        "DispatchHttp5xxRatioHigh",
                        "DispatchPinLockSpike");
        assertThat(check.metricsRead()).containsAll(ALERTS_MUST_READ);
    }

    @Test
    void ruleCheckCatchesMistakes() throws IOException {
        String rules = Files.readString(ALERTS);
        String tests = Files.readString(ALERTS_TEST);
        String readme = Files.readString(README);

        assertProblem(
                RuleCheck.of(
                        replace(rules, "max(dispatch_webhook_backlog) > 100", "max(dispatch_webhook_backlogg) > 100"),
                        tests,
                        readme),
                "unknown metric dispatch_webhook_backlogg");
        assertProblem(
                RuleCheck.of(
                        replace(rules, "README.md#dispatchpinlockspike", "README.md#pin-lock-spike"), tests, readme),
                "#pin-lock-spike");
        assertProblem(
                RuleCheck.of(
                        replace(rules, "README.md#dispatchpinlockspike", "RUNBOOK.md#dispatchpinlockspike"),
                        tests,
                        readme),
                "runbook");
        assertProblem(
                RuleCheck.of(rules, tests, readme.replace("### DispatchDeadLetters", "### Dead letters")),
                "#dispatchdeadletters");
        assertProblem(RuleCheck.of(rules.replaceFirst("\n {10}description: [^\n]*", ""), tests, readme), "description");
        assertProblem(RuleCheck.of(replace(rules, "severity: critical", "severity: page"), tests, readme), "severity");
        // a test series under a name the services do not expose
        assertProblem(
                RuleCheck.of(
                        rules,
                        replace(
                                tests,
                                "series: 'dispatch_publication_lag_seconds{",
                                "series: 'dispatch_publication_lag{"),
                        readme),
                "unknown metric dispatch_publication_lag in input series");
        // an alert without a quiet case, or without a firing case
        String noQuietCase = tests.replaceAll(
                "\n {6}- eval_time: \\w+\n {8}alertname: DispatchPinLockSpike\n {8}exp_alerts: \\[]", "");
        assertThat(noQuietCase).isNotEqualTo(tests);
        assertProblem(RuleCheck.of(rules, noQuietCase, readme), "no case where DispatchPinLockSpike does not fire");
        String noFiringCase = replace(
                tests,
                "        alertname: DispatchPublicationLagHigh\n        exp_alerts:\n          - exp_labels:",
                "        alertname: DispatchPublicationLagHigh\n        exp_alerts: []\n        unused:\n          - exp_labels:");
        assertProblem(RuleCheck.of(rules, noFiringCase, readme), "no case where DispatchPublicationLagHigh fires");
    }

    // ---------------------------------------------------------------------------------------
    // the dashboard

    @Test
    void dashboardIsWellFormedAndReadsOnlyKnownMetrics() throws IOException {
        JsonNode dashboard = JSON.readTree(DASHBOARD.toFile());
        assertThat(DashboardCheck.problems(dashboard)).isEmpty();
        assertThat(DashboardCheck.metricsRead(dashboard)).containsAll(DASHBOARD_MUST_READ);
    }

    @Test
    void dashboardCheckCatchesMistakes() throws IOException {
        JsonNode dashboard = JSON.readTree(DASHBOARD.toFile());
        assertThat(DashboardCheck.problems(dashboard)).isEmpty();

        assertDashboardProblem(dashboard, d -> ((ObjectNode) d).remove("title"), "title");
        assertDashboardProblem(dashboard, d -> ((ObjectNode) d).put("uid", ""), "uid");
        assertDashboardProblem(dashboard, d -> firstQueryPanel(d).remove("datasource"), "no datasource");
        assertDashboardProblem(
                dashboard,
                d -> firstQueryPanel(d)
                        .putObject("datasource")
                        .put("type", "prometheus")
                        .put("uid", "P1809F7CD0C75ACF3"),
                "templated datasource");
        assertDashboardProblem(
                dashboard,
                d -> ((ArrayNode) d.path("templating").path("list")).remove(0),
                "templated Prometheus datasource");
        assertDashboardProblem(
                dashboard,
                d -> {
                    ArrayNode panels = (ArrayNode) d.get("panels");
                    ((ObjectNode) panels.get(2))
                            .put("id", panels.get(1).get("id").asInt());
                },
                "duplicate panel id");
        assertDashboardProblem(dashboard, d -> firstQueryPanel(d).remove("gridPos"), "gridPos");
        assertDashboardProblem(
                dashboard, d -> ((ObjectNode) firstQueryPanel(d).get("gridPos")).put("w", 30), "gridPos");
        assertDashboardProblem(dashboard, d -> firstQueryPanel(d).remove("targets"), "no targets");
        assertDashboardProblem(
                dashboard, d -> ((ObjectNode) firstQueryPanel(d).get("targets").get(0)).put("expr", " "), "blank expr");
        assertDashboardProblem(
                dashboard,
                d -> {
                    ObjectNode target =
                            (ObjectNode) firstQueryPanel(d).get("targets").get(0);
                    target.put("expr", "sum by (group) (dispatch_consumer_lagg)");
                },
                "unknown metric dispatch_consumer_lagg");
        assertDashboardProblem(
                dashboard,
                d -> {
                    ObjectNode target =
                            (ObjectNode) firstQueryPanel(d).get("targets").get(0);
                    target.put("expr", "sum(dispatch_webhook_backlog{tenant=~\"$tenant\"})");
                },
                "undefined variable $tenant");
        assertDashboardProblem(
                dashboard,
                d -> {
                    for (JsonNode variable : d.path("templating").path("list")) {
                        if ("application".equals(variable.path("name").asText())) {
                            ((ObjectNode) variable).put("query", "label_values(jvm_threads_live_thread, application)");
                        }
                    }
                },
                "unknown metric jvm_threads_live_thread");
        assertDashboardProblem(
                dashboard, d -> ((ArrayNode) d.path("templating").path("list")).removeAll(), "variable application");
        // two panels on the same spot
        assertDashboardProblem(
                dashboard,
                d -> {
                    ArrayNode panels = (ArrayNode) d.get("panels");
                    ((ObjectNode) panels.get(2))
                            .set("gridPos", panels.get(1).get("gridPos").deepCopy());
                },
                "overlap");
    }

    @Test
    void metricNamesAreFoundInPromQl() {
        assertThat(PromQl.metricNames(
                        "histogram_quantile(0.95, sum by (le, method, uri) (rate(http_server_requests_seconds_bucket"
                                + "{application=~\"$application\", uri!~\"/actuator.*\"}[$__rate_interval])))"))
                .containsExactly("http_server_requests_seconds_bucket");
        assertThat(
                        PromQl.metricNames(
                                "max by (job, instance) (dispatch_ready == 0) or on (job, instance) max by (job, instance) (up{job=~\"a|b\"} == 0)"))
                .containsExactlyInAnyOrder("dispatch_ready", "up");
        assertThat(
                        PromQl.metricNames(
                                "sum by (group) (dispatch_dead_letters_total > 0 unless dispatch_dead_letters_total offset 15m) > bool 1e3"))
                .containsExactly("dispatch_dead_letters_total");
        assertThat(PromQl.metricNames(
                        "sum(rate(x_total[5m])) by (outcome) / ignoring(outcome) group_left sum(rate(y_total[5m]))"))
                .containsExactlyInAnyOrder("x_total", "y_total");
        assertThat(PromQl.metricNames(
                        "label_values(jvm_threads_live_threads{application=~\"$application\"}, instance)"))
                .containsExactly("jvm_threads_live_threads");
        assertThat(PromQl.metricNames("{__name__=\"up\"}")).isEmpty();
    }

    // ---------------------------------------------------------------------------------------

    private static ObjectNode firstQueryPanel(JsonNode dashboard) {
        for (JsonNode panel : dashboard.get("panels")) {
            if (!"row".equals(panel.path("type").asText())) {
                return (ObjectNode) panel;
            }
        }
        throw new AssertionError("the dashboard has no panel that queries");
    }

    private static void assertDashboardProblem(JsonNode dashboard, Consumer<JsonNode> breakIt, String expected) {
        JsonNode copy = dashboard.deepCopy();
        breakIt.accept(copy);
        assertThat(DashboardCheck.problems(copy))
                .as("problems found after breaking the dashboard (expected: %s)", expected)
                .anySatisfy(problem -> assertThat(problem).contains(expected));
    }

    private static void assertProblem(RuleCheck check, String expected) {
        assertThat(check.problems())
                .as("problems found in the broken rules (expected: %s)", expected)
                .anySatisfy(problem -> assertThat(problem).contains(expected));
    }

    /** Replaces text that must be there (so that a test never breaks a file in a way that misses). */
    private static String replace(String text, String from, String to) {
        assertThat(text).as("the text to break").contains(from);
        return text.replace(from, to);
    }

    private static Path write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    // =======================================================================================

    /** Names of the series a PromQL expression (or a Grafana {@code label_values(...)} query) reads. */
    static final class PromQl {
        private static final Set<String> KEYWORDS = Set.of(
                "and",
                "or",
                "unless",
                "bool",
                "offset",
                "by",
                "without",
                "on",
                "ignoring",
                "group_left",
                "group_right",
                "inf",
                "nan",
                "atan2");
        private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.:$])([a-zA-Z_:][\\w:]*)(\\s*\\()?");

        static Set<String> metricNames(String expression) {
            String s = expression;
            s = s.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`", " "); // strings
            s = s.replaceAll("#[^\\n]*", " "); // comments
            s = s.replaceAll("\\{[^}]*}", " "); // label matchers
            s = s.replaceAll("\\[[^\\]]*]", " "); // ranges and subqueries
            s = s.replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " "); // label lists
            s = s.replaceAll("\\$\\{[^}]*}|\\$\\w+", " "); // Grafana variables
            s = s.replaceAll(
                    "^\\s*label_values\\s*\\((.*),\\s*\\w+\\s*\\)\\s*$", "$1"); // Grafana's label_values(expr, label)
            Set<String> names = new LinkedHashSet<>();
            Matcher matcher = IDENTIFIER.matcher(s);
            while (matcher.find()) {
                String name = matcher.group(1);
                boolean function = matcher.group(2) != null;
                if (!function && !KEYWORDS.contains(name.toLowerCase(Locale.ROOT))) {
                    names.add(name);
                }
            }
            return names;
        }
    }

    // =======================================================================================

    /** The alert rules and their promtool tests, read as YAML. */
    record RuleCheck(List<String> problems, Set<String> alertNames, Set<String> metricsRead) {

        private static final Set<String> SEVERITIES = Set.of("warning", "critical");

        static RuleCheck of(String rulesYaml, String testsYaml, String readme) {
            List<String> problems = new ArrayList<>();
            Set<String> alerts = new LinkedHashSet<>();
            Set<String> metrics = new TreeSet<>();
            Set<String> anchors = markdownAnchors(readme);
            Set<String> known = new HashSet<>(KNOWN_METRICS);
            Map<String, Object> rules = yaml(rulesYaml);
            for (Map<String, Object> group : maps(rules.get("groups"))) {
                for (Map<String, Object> rule : maps(group.get("rules"))) {
                    if (rule.get("record") instanceof String record) {
                        known.add(record);
                    }
                }
            }
            if (maps(rules.get("groups")).isEmpty()) {
                problems.add("no rule groups");
            }
            for (Map<String, Object> group : maps(rules.get("groups"))) {
                for (Map<String, Object> rule : maps(group.get("rules"))) {
                    String name = rule.get("alert") instanceof String a ? a : String.valueOf(rule.get("record"));
                    String expr = String.valueOf(rule.getOrDefault("expr", ""));
                    if (expr.isBlank()) {
                        problems.add(name + ": no expr");
                    }
                    for (String metric : PromQl.metricNames(expr)) {
                        metrics.add(metric);
                        if (!known.contains(metric)) {
                            problems.add(name + ": unknown metric " + metric + " in " + expr.strip());
                        }
                    }
                    if (!(rule.get("alert") instanceof String)) {
                        continue;
                    }
                    if (!alerts.add(name)) {
                        problems.add(name + ": a second alert of that name");
                    }
                    Map<String, Object> labels = map(rule.get("labels"));
                    if (!SEVERITIES.contains(String.valueOf(labels.get("severity")))) {
                        problems.add(
                                name + ": severity must be one of " + SEVERITIES + ", is " + labels.get("severity"));
                    }
                    Map<String, Object> annotations = map(rule.get("annotations"));
                    for (String annotation : List.of("summary", "description", "runbook")) {
                        if (!(annotations.get(annotation) instanceof String text) || text.isBlank()) {
                            problems.add(name + ": no " + annotation + " annotation");
                        }
                    }
                    if (annotations.get("runbook") instanceof String runbook) {
                        if (!runbook.startsWith(RUNBOOK_PREFIX)) {
                            problems.add(name + ": the runbook annotation must point into " + RUNBOOK_PREFIX
                                    + "..., is " + runbook);
                        } else if (!anchors.contains(runbook.substring(RUNBOOK_PREFIX.length()))) {
                            problems.add(name + ": runbook " + runbook + ": " + README + " has no section #"
                                    + runbook.substring(RUNBOOK_PREFIX.length()));
                        }
                    }
                }
            }

            Map<String, Object> tests = yaml(testsYaml);
            Set<String> firing = new HashSet<>();
            Set<String> quiet = new HashSet<>();
            for (Map<String, Object> test : maps(tests.get("tests"))) {
                String testName = String.valueOf(test.get("name"));
                for (Map<String, Object> input : maps(test.get("input_series"))) {
                    String series = String.valueOf(input.get("series")).strip();
                    String metric = series.contains("{")
                            ? series.substring(0, series.indexOf('{')).strip()
                            : series;
                    if (!known.contains(metric)) {
                        problems.add(
                                "test '" + testName + "': unknown metric " + metric + " in input series " + series);
                    }
                }
                for (Map<String, Object> check : maps(test.get("promql_expr_test"))) {
                    for (String metric : PromQl.metricNames(String.valueOf(check.getOrDefault("expr", "")))) {
                        if (!known.contains(metric)) {
                            problems.add(
                                    "test '" + testName + "': unknown metric " + metric + " in " + check.get("expr"));
                        }
                    }
                }
                for (Map<String, Object> check : maps(test.get("alert_rule_test"))) {
                    String alert = String.valueOf(check.get("alertname"));
                    if (!alerts.contains(alert)) {
                        problems.add("test '" + testName + "': tests " + alert + ", which is not a rule");
                    }
                    (maps(check.get("exp_alerts")).isEmpty() ? quiet : firing).add(alert);
                }
            }
            for (String alert : alerts) {
                if (!firing.contains(alert)) {
                    problems.add("no case where " + alert + " fires in " + ALERTS_TEST);
                }
                if (!quiet.contains(alert)) {
                    problems.add("no case where " + alert + " does not fire in " + ALERTS_TEST);
                }
            }
            return new RuleCheck(problems, alerts, metrics);
        }

        /** GitHub's anchors of the Markdown headings: lower case, punctuation dropped, spaces to hyphens. */
        static Set<String> markdownAnchors(String markdown) {
            Set<String> anchors = new HashSet<>();
            boolean fenced = false;
            for (String line : markdown.split("\n")) {
                if (line.startsWith("```")) {
                    fenced = !fenced;
                }
                if (!fenced && line.matches("#{1,6} .*")) {
                    anchors.add(line.replaceFirst("#+ ", "")
                            .strip()
                            .toLowerCase(Locale.ROOT)
                            .replaceAll("[^\\p{L}\\p{N} _-]", "")
                            .replace(' ', '-'));
                }
            }
            return anchors;
        }

        private static Map<String, Object> yaml(String text) {
            Object loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
            return map(loaded);
        }

        @SuppressWarnings("unchecked")
        private static Map<String, Object> map(Object value) {
            return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        }

        private static List<Map<String, Object>> maps(Object value) {
            if (!(value instanceof List<?> list)) {
                return List.of();
            }
            return list.stream().map(RuleCheck::map).toList();
        }
    }

    // =======================================================================================

    /** The Grafana dashboard's structure and queries. */
    static final class DashboardCheck {
        private static final Set<String> GRAFANA_VARIABLES =
                Set.of("__rate_interval", "__interval", "__interval_ms", "__range", "__range_s", "__range_ms");
        private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w+)(?::\\w+)?}|\\$(\\w+)|\\[\\[(\\w+)]]");

        static List<String> problems(JsonNode dashboard) {
            List<String> problems = new ArrayList<>();
            if (dashboard.path("title").asText().isBlank()) {
                problems.add("the dashboard has no title");
            }
            if (!dashboard.path("uid").asText().matches("[A-Za-z0-9_-]{1,40}")) {
                problems.add("the dashboard's uid must be 1 to 40 letters, digits, - or _, is '"
                        + dashboard.path("uid").asText() + "'");
            }
            if (dashboard.path("schemaVersion").asInt() < 36) {
                problems.add("schemaVersion " + dashboard.path("schemaVersion") + ": expected 36 or later");
            }

            // the templated datasource and the variables
            Set<String> variables = new HashSet<>(GRAFANA_VARIABLES);
            String datasourceVariable = null;
            for (JsonNode variable : dashboard.path("templating").path("list")) {
                String name = variable.path("name").asText();
                variables.add(name);
                if ("datasource".equals(variable.path("type").asText())
                        && "prometheus".equals(variable.path("query").asText())) {
                    datasourceVariable = name;
                }
            }
            if (datasourceVariable == null) {
                problems.add(
                        "no templated Prometheus datasource (a templating variable of type datasource, query prometheus)");
            }
            Set<String> datasourceRefs = datasourceVariable == null
                    ? Set.of()
                    : Set.of("${" + datasourceVariable + "}", "$" + datasourceVariable);
            for (String wanted : List.of("application", "instance")) {
                JsonNode variable = null;
                for (JsonNode candidate : dashboard.path("templating").path("list")) {
                    if (wanted.equals(candidate.path("name").asText())) {
                        variable = candidate;
                    }
                }
                if (variable == null || !"query".equals(variable.path("type").asText())) {
                    problems.add("no query variable " + wanted);
                    continue;
                }
                if (!datasourceRefs.contains(
                        variable.path("datasource").path("uid").asText())) {
                    problems.add("variable " + wanted + ": its datasource must be the templated datasource "
                            + datasourceRefs);
                }
                String query = variable.path("query").isObject()
                        ? variable.path("query").path("query").asText()
                        : variable.path("query").asText();
                problems.addAll(metricProblems("variable " + wanted, query));
                problems.addAll(variableProblems("variable " + wanted, query, variables));
            }

            // the panels (and those in collapsed rows)
            List<JsonNode> panels = new ArrayList<>();
            for (JsonNode panel : dashboard.path("panels")) {
                panels.add(panel);
                panel.path("panels").forEach(panels::add);
            }
            if (panels.isEmpty()) {
                problems.add("the dashboard has no panels");
            }
            Map<Integer, String> ids = new LinkedHashMap<>();
            List<JsonNode> placed = new ArrayList<>();
            for (JsonNode panel : panels) {
                String title = panel.path("title").asText();
                String what = "panel '" + title + "'";
                if (title.isBlank()) {
                    problems.add("a panel without a title (id " + panel.path("id") + ")");
                }
                if (!panel.path("id").isInt()) {
                    problems.add(what + ": no numeric id");
                } else if (ids.putIfAbsent(panel.get("id").asInt(), title) != null) {
                    problems.add(what + ": duplicate panel id " + panel.get("id") + " (also '"
                            + ids.get(panel.get("id").asInt()) + "')");
                }
                JsonNode grid = panel.path("gridPos");
                if (!(grid.path("h").isInt()
                        && grid.path("w").isInt()
                        && grid.path("x").isInt()
                        && grid.path("y").isInt())) {
                    problems.add(what + ": no gridPos {h, w, x, y}");
                } else if (grid.get("w").asInt() < 1
                        || grid.get("h").asInt() < 1
                        || grid.get("x").asInt() < 0
                        || grid.get("y").asInt() < 0
                        || grid.get("x").asInt() + grid.get("w").asInt() > 24) {
                    problems.add(what + ": gridPos " + grid + " outside the 24-column grid");
                } else if (!panel.path("collapsed").asBoolean(false)
                        || !"row".equals(panel.path("type").asText())) {
                    for (JsonNode other : placed) {
                        if (overlap(grid, other.get("gridPos"))) {
                            problems.add(what + ": gridPos " + grid + " overlaps panel '"
                                    + other.path("title").asText() + "'");
                        }
                    }
                    placed.add(panel);
                }
                if ("row".equals(panel.path("type").asText())) {
                    if (!panel.path("targets").isMissingNode()
                            && !panel.path("targets").isEmpty()) {
                        problems.add(what + ": a row with queries");
                    }
                    continue;
                }
                JsonNode datasource = panel.path("datasource");
                if (!datasource.isObject()) {
                    problems.add(what + ": no datasource");
                } else if (!datasourceRefs.contains(datasource.path("uid").asText())) {
                    problems.add(
                            what + ": datasource " + datasource + " is not the templated datasource " + datasourceRefs);
                }
                if (!panel.path("targets").isArray() || panel.path("targets").isEmpty()) {
                    problems.add(what + ": no targets");
                    continue;
                }
                Set<String> refIds = new HashSet<>();
                for (JsonNode target : panel.path("targets")) {
                    String expr = target.path("expr").asText();
                    String refId = target.path("refId").asText();
                    if (refId.isBlank() || !refIds.add(refId)) {
                        problems.add(what + ": targets need distinct refIds, found '" + refId + "' again");
                    }
                    if (target.has("datasource")
                            && !datasourceRefs.contains(
                                    target.path("datasource").path("uid").asText())) {
                        problems.add(what + " target " + refId + ": datasource " + target.path("datasource")
                                + " is not the templated datasource");
                    }
                    if (expr.isBlank()) {
                        problems.add(what + " target " + refId + ": blank expr");
                        continue;
                    }
                    problems.addAll(metricProblems(what + " target " + refId, expr));
                    problems.addAll(variableProblems(what + " target " + refId, expr, variables));
                }
            }
            return problems;
        }

        static Set<String> metricsRead(JsonNode dashboard) {
            Set<String> metrics = new TreeSet<>();
            queries(dashboard).values().forEach(expr -> metrics.addAll(PromQl.metricNames(expr)));
            return metrics;
        }

        /** Every panel query, by panel id and refId. */
        static Map<String, String> queries(JsonNode dashboard) {
            Map<String, String> queries = new LinkedHashMap<>();
            List<JsonNode> panels = new ArrayList<>();
            for (JsonNode panel : dashboard.path("panels")) {
                panels.add(panel);
                panel.path("panels").forEach(panels::add);
            }
            for (JsonNode panel : panels) {
                for (JsonNode target : panel.path("targets")) {
                    queries.put(
                            "panel_" + panel.path("id").asInt() + "_"
                                    + target.path("refId").asText(),
                            target.path("expr").asText());
                }
            }
            return queries;
        }

        /** The queries as recording rules, Grafana's variables given values, for promtool to parse. */
        static String asRecordingRules(Map<String, String> queries) {
            StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard-queries\n    rules:\n");
            queries.forEach((key, expr) -> {
                String concrete = expr.replaceAll("\\$\\{?__(rate_interval|interval|range)}?", "5m")
                        .replaceAll("\\$\\{(\\w+)(:\\w+)?}|\\$(\\w+)", ".*");
                rules.append("      - record: dashboard:")
                        .append(key)
                        .append('\n')
                        .append("        expr: |\n");
                concrete.lines()
                        .forEach(line -> rules.append("          ").append(line).append('\n'));
            });
            return rules.toString();
        }

        private static List<String> metricProblems(String what, String expr) {
            return PromQl.metricNames(expr).stream()
                    .filter(name -> !KNOWN_METRICS.contains(name))
                    .map(name -> what + ": unknown metric " + name + " in " + expr)
                    .toList();
        }

        private static List<String> variableProblems(String what, String expr, Set<String> variables) {
            List<String> problems = new ArrayList<>();
            Matcher matcher = VARIABLE.matcher(expr);
            while (matcher.find()) {
                String name = matcher.group(1) != null
                        ? matcher.group(1)
                        : matcher.group(2) != null ? matcher.group(2) : matcher.group(3);
                if (!variables.contains(name)) {
                    problems.add(what + ": undefined variable $" + name + " in " + expr);
                }
            }
            return problems;
        }

        private static boolean overlap(JsonNode a, JsonNode b) {
            return a.get("x").asInt() < b.get("x").asInt() + b.get("w").asInt()
                    && b.get("x").asInt() < a.get("x").asInt() + a.get("w").asInt()
                    && a.get("y").asInt() < b.get("y").asInt() + b.get("h").asInt()
                    && b.get("y").asInt() < a.get("y").asInt() + a.get("h").asInt();
        }
    }

    // =======================================================================================

    /**
     * Debian's promtool, installed with apt-get when missing (as the browser tests install
     * Chromium): the test runs as root on a fresh Debian machine where only a JDK and Maven
     * exist. When it is missing and cannot be installed the test fails, saying why.
     */
    static final class Promtool {
        static final Path BINARY = Path.of("/usr/bin/promtool");
        static final Path SERVER = Path.of("/usr/bin/prometheus");
        private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);
        private static boolean versionLogged;

        record Result(int exit, String output) {}

        /** Runs promtool with these arguments, from the module's directory. */
        static Result run(String... arguments) {
            ensureInstalled();
            List<String> command = new ArrayList<>(List.of(BINARY.toString()));
            command.addAll(List.of(arguments));
            try {
                Process process = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
                // promtool writes little: reading to the end before waiting cannot block it
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError(String.join(" ", command) + ": no end after " + RUN_TIMEOUT);
                }
                System.out.println(
                        "[promtool] $ " + String.join(" ", command) + " -> " + process.exitValue() + "\n" + output);
                return new Result(process.exitValue(), output);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while running promtool", e);
            }
        }

        /**
         * Debian's prometheus package (for its promtool), installed by the project's one apt-get helper
         * when missing (which keeps the package's scripts from starting its server), or a failure
         * saying why and how to install it.
         */
        static synchronized void ensureInstalled() {
            if (Files.isExecutable(BINARY)) {
                if (!versionLogged) {
                    versionLogged = true;
                    System.out.println("[promtool] " + version());
                }
                return;
            }
            Instant start = Instant.now();
            DebianPackages.ensureInstalled("prometheus", BINARY);
            // should a server have started all the same, it is stopped: only promtool is used
            stopServersStartedSince(start);
            versionLogged = true;
            log("installed in %d s: %s", Duration.between(start, Instant.now()).toSeconds(), version());
        }

        /** Stops, by process id, the Prometheus servers that started after {@code since} (the install's). */
        private static void stopServersStartedSince(Instant since) {
            List<ProcessHandle> started = ProcessHandle.allProcesses()
                    .filter(p -> p.info()
                            .command()
                            .map(c -> c.equals(SERVER.toString()))
                            .orElse(false))
                    .filter(p -> p.info()
                            .startInstant()
                            .map(t -> !t.isBefore(since.minusSeconds(1)))
                            .orElse(false))
                    .toList();
            for (ProcessHandle server : started) {
                log(
                        "the package started a Prometheus server (pid %d): stopping it, only promtool is used",
                        server.pid());
                server.destroy();
                try {
                    server.onExit().get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    log("pid %d did not stop on SIGTERM (%s): killing it", server.pid(), e);
                    server.destroyForcibly();
                }
            }
            if (!started.isEmpty()) {
                log("the prometheus service may start again at boot: `systemctl disable prometheus` (or `update-rc.d "
                        + "prometheus disable`) if that is not wanted");
            }
        }

        private static String version() {
            try {
                Process process = new ProcessBuilder(BINARY.toString(), "--version")
                        .redirectErrorStream(true)
                        .start();
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                process.waitFor(30, TimeUnit.SECONDS);
                return out.lines().findFirst().orElse("promtool (no version)");
            } catch (IOException e) {
                return "promtool: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "promtool: interrupted";
            }
        }

        private static void log(String format, Object... arguments) {
            System.out.println("[promtool] " + String.format(format, arguments));
        }
    }
}
