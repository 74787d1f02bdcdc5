import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the CPU went in a JFR recording: execution samples grouped by thread pool (the thread
 * name with its digits dropped), then the hottest frames of our own code ({@code io.dispatch})
 * and the hottest top frames overall.
 * With {@code cpu-per-request=<ms>} (the service's measured CPU per request over the recording) it
 * first splits that figure over the pipeline's stages by the share of samples each stage's threads
 * took: a CPU budget per request. JFR samples Java frames only (not GC, JIT or native code), so
 * the split is of the Java share, scaled to the whole measured figure.
 * Usage: java bench/JfrSummary.java <recording.jfr> [rows=25] [thread-name regex] [cpu-per-request=<ms>]
 */
public class JfrSummary {

    public static void main(String[] args) throws Exception {
        List<String> positional = java.util.Arrays.stream(args)
                .filter(a -> !a.startsWith("cpu-per-request="))
                .toList();
        double perRequest = java.util.Arrays.stream(args)
                .filter(a -> a.startsWith("cpu-per-request="))
                .mapToDouble(a -> Double.parseDouble(a.substring("cpu-per-request=".length())))
                .findFirst()
                .orElse(-1);
        int rows = positional.size() > 1 ? Integer.parseInt(positional.get(1)) : 25;
        java.util.regex.Pattern only =
                java.util.regex.Pattern.compile(positional.size() > 2 ? positional.get(2) : ".*");
        Map<String, Integer> stages = new java.util.LinkedHashMap<>();
        Map<String, Integer> pools = new HashMap<>();
        Map<String, Integer> ours = new HashMap<>();
        Map<String, Integer> tops = new HashMap<>();
        Map<String, Integer> poolOurs = new HashMap<>();
        Map<String, Integer> layers = new HashMap<>();
        Map<String, Integer> selfLayers = new HashMap<>();
        int total = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(Path.of(positional.get(0)))) {
            if (!event.getEventType().getName().equals("jdk.ExecutionSample")) {
                continue;
            }
            String thread = event.getThread("sampledThread") == null
                    ? "?"
                    : event.getThread("sampledThread").getJavaName();
            if (thread == null || !only.matcher(thread).find()) {
                continue;
            }
            total++;
            String pool = thread == null ? "?" : thread.replaceAll("\\d+", "#");
            pools.merge(pool, 1, Integer::sum);
            stages.merge(stageOf(pool), 1, Integer::sum);
            List<RecordedFrame> frames = event.getStackTrace() == null
                    ? List.of()
                    : event.getStackTrace().getFrames();
            if (!frames.isEmpty()) {
                tops.merge(name(frames.getFirst()), 1, Integer::sum);
            }
            selfLayers.merge(
                    frames.stream()
                            .map(JfrSummary::layerOf)
                            .filter(java.util.Objects::nonNull)
                            .findFirst()
                            .orElse("JDK / other"),
                    1,
                    Integer::sum);
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (RecordedFrame frame : frames) {
                String type = frame.getMethod().getType().getName();
                for (String[] layer : LAYERS) {
                    if (type.startsWith(layer[0]) && seen.add(layer[1])) {
                        layers.merge(layer[1], 1, Integer::sum);
                    }
                }
            }
            for (RecordedFrame frame : frames) {
                String name = name(frame);
                if (name.startsWith("io.dispatch")) {
                    ours.merge(name, 1, Integer::sum);
                    poolOurs.merge(pool + "  " + name, 1, Integer::sum);
                    break;
                }
            }
        }
        System.out.printf("%d execution samples%n", total);
        if (perRequest > 0) {
            System.out.printf("%n== CPU budget per request: %.1f ms measured, split by stage%n", perRequest);
            final int all = total;
            stages.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .forEach(e -> System.out.printf(
                            "%6.2f ms  %5.1f %%  %s%n",
                            perRequest * e.getValue() / all, 100.0 * e.getValue() / all, e.getKey()));
        }
        print("by thread pool", pools, total, rows);
        print("innermost known layer of each sample (exclusive: where the time is spent)", selfLayers, total, rows);
        print("samples with the layer anywhere on the stack (inclusive)", layers, total, rows);
        print("innermost frame of our code (io.dispatch)", ours, total, rows);
        print("thread pool + innermost frame of our code", poolOurs, total, rows);
        print("top frame", tops, total, rows);
    }

    /** Thread-name prefix (digits already replaced by #) -> the pipeline stage its work belongs to. */
    static final String[][] STAGES = {
        {"reactor-http", "HTTP: parsing, security, idempotency, JSON, controller (event loop)"},
        {"boundedElastic", "write: pricing, Axon command, event store append, commit, Kafka send"},
        {"parallel", "write: answer after publication (timers, response)"},
        {"kafka-producer-network", "Kafka producer I/O"},
        {"EmbeddedEventStore", "publication backstop: Axon tracking processor reading the event store"},
        {"EventProcessor[kafka-publisher]", "publication backstop: Axon tracking processor reading the event store"},
        {"publication-watermark", "publication backstop: Axon tracking processor reading the event store"},
        {"query-service.dispatches", "read model projection (query.dispatches)"},
        {"query-service.tracking", "tracking fan-out"},
        {"query-service.rider-positions", "tracking fan-out"},
        {"query-service.webhook-attempts", "webhook attempts projection"},
        {"webhook-", "webhook intake and sending"},
        {"data-plane-kafka", "Kafka broker (embedded, same JVM)"},
        {"kafka-", "Kafka broker (embedded, same JVM)"},
        {"group-coordinator", "Kafka broker (embedded, same JVM)"},
        {"quorum-controller", "Kafka broker (embedded, same JVM)"},
        {"broker-", "Kafka broker (embedded, same JVM)"},
        {"ExpirationReaper", "Kafka broker (embedded, same JVM)"}
    };

    static String stageOf(String pool) {
        for (String[] stage : STAGES) {
            if (pool.startsWith(stage[0])) {
                return stage[1];
            }
        }
        return "other (JFR, schedulers, metrics)";
    }

    /** Package prefix -> the layer it stands for. */
    static final String[][] LAYERS = {
        {"org.axonframework", "Axon"},
        {"org.postgresql", "JDBC driver"},
        {"com.zaxxer.hikari", "Hikari pool"},
        {"org.springframework.jdbc", "Spring JDBC"},
        {"io.r2dbc", "R2DBC"},
        {"com.fasterxml.jackson", "Jackson 2"},
        {"tools.jackson", "Jackson 3"},
        {"org.apache.kafka.clients.producer", "Kafka producer"},
        {"org.apache.kafka.clients.consumer", "Kafka consumer"},
        {"kafka.", "Kafka broker"},
        {"org.apache.kafka.storage", "Kafka broker"},
        {"org.apache.kafka.server", "Kafka broker"},
        {"reactor.netty", "Reactor Netty"},
        {"io.netty", "Netty"},
        {"ch.qos.logback", "Logback"},
        {"org.slf4j", "SLF4J"},
        {"io.micrometer", "Micrometer"},
        {"org.springframework.security", "Spring Security"},
        {"org.springframework.web", "Spring Web"},
        {"org.springframework.kafka", "spring-kafka"},
        {"org.springframework.transaction", "Spring tx"},
        {"java.security", "JCA/crypto"},
        {"javax.crypto", "JCA/crypto"},
        {"io.dispatch.web", "dispatch shared-web"},
        {"io.dispatch.command", "dispatch command-service"},
        {"io.dispatch.query", "dispatch query-service"},
        {"io.dispatch.webhook", "dispatch webhook-dispatcher"},
        {"io.dispatch.events", "dispatch shared-events"},
        {"reactor.core", "Reactor core"}
    };

    static String layerOf(RecordedFrame frame) {
        String type = frame.getMethod().getType().getName();
        for (String[] layer : LAYERS) {
            if (type.startsWith(layer[0])) {
                return layer[1];
            }
        }
        return null;
    }

    static String name(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }

    static void print(String title, Map<String, Integer> counts, int total, int rows) {
        System.out.printf("%n== %s%n", title);
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .limit(rows)
                .forEach(e -> System.out.printf("%6.1f %%  %s%n", 100.0 * e.getValue() / total, e.getKey()));
    }
}
