package io.dispatch.deploy;

import io.dispatch.deploy.FuzzTransport.Answer;
import io.dispatch.deploy.FuzzVerdicts.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What a run did and found: requests per route and per mutation family, the status histogram
 * (overall and per route), and the findings grouped by signature, each with its smallest
 * reproduction. Written to {@code target/fuzz/} (report.txt, requests.tsv) and the log.
 */
final class FuzzReport {

    private record Line(FuzzRequest request, Answer answer) {}

    private final ConcurrentLinkedQueue<Line> lines = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Finding> findings = new ConcurrentLinkedQueue<>();

    void record(FuzzRequest request, Answer answer, List<Finding> found) {
        lines.add(new Line(request, answer));
        findings.addAll(found);
    }

    void add(Finding finding) {
        findings.add(finding);
    }

    int requests() {
        return lines.size();
    }

    List<Finding> findings() {
        return List.copyOf(findings);
    }

    /** The status, or how the answer failed to come. */
    static String outcome(FuzzRequest request, Answer answer) {
        if (answer.failure() == null) {
            return Integer.toString(answer.status());
        }
        return FuzzVerdicts.tolerated(request, answer) != null ? "closed by the codec" : "transport error";
    }

    Map<String, Integer> perRoute() {
        Map<String, Integer> counts = new TreeMap<>();
        lines.forEach(l -> counts.merge(l.request().route(), 1, Integer::sum));
        return counts;
    }

    Map<String, Integer> statuses() {
        Map<String, Integer> counts = new TreeMap<>();
        lines.forEach(l -> counts.merge(outcome(l.request(), l.answer()), 1, Integer::sum));
        return counts;
    }

    /** Findings by signature, most frequent first; each with its count and smallest request. */
    Map<String, List<Finding>> grouped() {
        Map<String, List<Finding>> groups = new LinkedHashMap<>();
        findings.stream()
                .sorted(Comparator.comparing(Finding::signature))
                .forEach(f -> groups.computeIfAbsent(f.signature(), k -> new ArrayList<>())
                        .add(f));
        Map<String, List<Finding>> ordered = new LinkedHashMap<>();
        groups.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<String, List<Finding>> e) ->
                                e.getValue().getFirst().known() != null)
                        .thenComparing(e -> -e.getValue().size()))
                .forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return ordered;
    }

    String summary(String header) {
        StringBuilder out = new StringBuilder(header).append('\n');
        out.append("requests: ").append(requests()).append('\n');
        out.append("status histogram: ").append(statuses()).append('\n');
        Map<String, Integer> families = new TreeMap<>();
        lines.forEach(l -> families.merge(FuzzVerdicts.labelFamily(l.request()), 1, Integer::sum));
        out.append("mutation families: ").append(families).append('\n');
        Map<String, Integer> expectations = new TreeMap<>();
        lines.forEach(l -> expectations.merge(l.request().expect().name(), 1, Integer::sum));
        out.append("expectations: ").append(expectations).append("\n\nper route (requests: statuses)\n");
        Map<String, Map<String, Integer>> byRoute = new TreeMap<>();
        lines.forEach(l -> byRoute.computeIfAbsent(l.request().route(), k -> new TreeMap<>())
                .merge(outcome(l.request(), l.answer()), 1, Integer::sum));
        byRoute.forEach((route, counts) -> out.append(String.format(
                "  %-72s %5d  %s%n",
                route, counts.values().stream().mapToInt(Integer::intValue).sum(), counts)));
        Map<String, List<Finding>> groups = grouped();
        out.append("\nfindings: ")
                .append(findings.size())
                .append(" in ")
                .append(groups.size())
                .append(" groups\n");
        int n = 0;
        for (var group : groups.entrySet()) {
            Finding smallest = group.getValue().stream()
                    .min(Comparator.comparingInt((Finding f) -> f.request().bodyLength())
                            .thenComparingInt(f -> f.request().target().length()))
                    .orElseThrow();
            out.append("\n[")
                    .append(++n)
                    .append("] ")
                    .append(group.getKey())
                    .append("  (x")
                    .append(group.getValue().size())
                    .append(")")
                    .append(smallest.known() == null ? "  NEW" : "  " + smallest.known())
                    .append('\n');
            out.append("  ").append(FuzzRequest.shorten(smallest.detail(), 500)).append('\n');
            out.append(smallest.request().describe().indent(2));
            Answer a = smallest.answer();
            out.append("  answer: ")
                    .append(FuzzReport.outcome(smallest.request(), a))
                    .append(", ")
                    .append(a.millis())
                    .append(" ms");
            if (a.failure() == null) {
                out.append(", Content-Type ")
                        .append(a.header("Content-Type"))
                        .append(", X-Request-Id ")
                        .append(a.header("X-Request-Id"))
                        .append("\n  body: ")
                        .append(FuzzRequest.shorten(FuzzRequest.visible(a.text()), 400));
            }
            out.append('\n');
        }
        return out.toString();
    }

    void write(Path directory, String header) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("report.txt"), summary(header), StandardCharsets.UTF_8);
        StringBuilder tsv = new StringBuilder("index\troute\tlabel\texpect\toutcome\tmillis\n");
        lines.stream()
                .sorted(Comparator.comparingInt(l -> l.request().index()))
                .forEach(l -> tsv.append(l.request().index())
                        .append('\t')
                        .append(l.request().route())
                        .append('\t')
                        .append(FuzzRequest.visible(l.request().label()).replace('\t', ' '))
                        .append('\t')
                        .append(l.request().expect())
                        .append('\t')
                        .append(outcome(l.request(), l.answer()))
                        .append('\t')
                        .append(l.answer().millis())
                        .append('\n'));
        Files.writeString(directory.resolve("requests.tsv"), tsv, StandardCharsets.UTF_8);
    }
}
