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
 * Usage: java bench/JfrSummary.java <recording.jfr> [rows=25] [thread-name regex]
 */
public class JfrSummary {

  public static void main(String[] args) throws Exception {
    int rows = args.length > 1 ? Integer.parseInt(args[1]) : 25;
    java.util.regex.Pattern only = java.util.regex.Pattern.compile(args.length > 2 ? args[2] : ".*");
    Map<String, Integer> pools = new HashMap<>();
    Map<String, Integer> ours = new HashMap<>();
    Map<String, Integer> tops = new HashMap<>();
    Map<String, Integer> poolOurs = new HashMap<>();
    Map<String, Integer> layers = new HashMap<>();
    Map<String, Integer> selfLayers = new HashMap<>();
    int total = 0;
    for (RecordedEvent event : RecordingFile.readAllEvents(Path.of(args[0]))) {
      if (!event.getEventType().getName().equals("jdk.ExecutionSample")) {
        continue;
      }
      String thread = event.getThread("sampledThread") == null ? "?" : event.getThread("sampledThread").getJavaName();
      if (thread == null || !only.matcher(thread).find()) {
        continue;
      }
      total++;
      String pool = thread == null ? "?" : thread.replaceAll("\\d+", "#");
      pools.merge(pool, 1, Integer::sum);
      List<RecordedFrame> frames = event.getStackTrace() == null ? List.of() : event.getStackTrace().getFrames();
      if (!frames.isEmpty()) {
        tops.merge(name(frames.getFirst()), 1, Integer::sum);
      }
      selfLayers.merge(frames.stream().map(JfrSummary::layerOf).filter(java.util.Objects::nonNull).findFirst()
          .orElse("JDK / other"), 1, Integer::sum);
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
    print("by thread pool", pools, total, rows);
    print("innermost known layer of each sample (exclusive: where the time is spent)", selfLayers, total, rows);
    print("samples with the layer anywhere on the stack (inclusive)", layers, total, rows);
    print("innermost frame of our code (io.dispatch)", ours, total, rows);
    print("thread pool + innermost frame of our code", poolOurs, total, rows);
    print("top frame", tops, total, rows);
  }

  /** Package prefix -> the layer it stands for. */
  static final String[][] LAYERS = {
      {"org.axonframework", "Axon"}, {"org.postgresql", "JDBC driver"}, {"com.zaxxer.hikari", "Hikari pool"},
      {"org.springframework.jdbc", "Spring JDBC"}, {"io.r2dbc", "R2DBC"}, {"com.fasterxml.jackson", "Jackson 2"},
      {"tools.jackson", "Jackson 3"}, {"org.apache.kafka.clients.producer", "Kafka producer"},
      {"org.apache.kafka.clients.consumer", "Kafka consumer"}, {"kafka.", "Kafka broker"},
      {"org.apache.kafka.storage", "Kafka broker"}, {"org.apache.kafka.server", "Kafka broker"},
      {"reactor.netty", "Reactor Netty"}, {"io.netty", "Netty"}, {"ch.qos.logback", "Logback"},
      {"org.slf4j", "SLF4J"}, {"io.micrometer", "Micrometer"}, {"org.springframework.security", "Spring Security"},
      {"org.springframework.web", "Spring Web"}, {"org.springframework.kafka", "spring-kafka"},
      {"org.springframework.transaction", "Spring tx"}, {"java.security", "JCA/crypto"}, {"javax.crypto", "JCA/crypto"},
      {"io.dispatch.web", "dispatch shared-web"}, {"io.dispatch.command", "dispatch command-service"},
      {"io.dispatch.query", "dispatch query-service"}, {"io.dispatch.webhook", "dispatch webhook-dispatcher"},
      {"io.dispatch.events", "dispatch shared-events"}, {"reactor.core", "Reactor core"}};

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
    counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(rows)
        .forEach(e -> System.out.printf("%6.1f %%  %s%n", 100.0 * e.getValue() / total, e.getKey()));
  }
}
