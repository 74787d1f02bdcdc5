import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.infrastructure.Infrastructure;
import io.dispatch.infrastructure.InfrastructureOptions;
import io.dispatch.infrastructure.RunningInfrastructure;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.postgresql.PGConnection;

/**
 * bench/log-report.sh's harness: starts the project's embedded Kafka and PostgreSQL, seeds the
 * same realistic lifecycles (seeded random: creates, assignments, pick-ups, departures, location
 * updates, deliveries, failures, cancellations over 50 merchants) into topic dispatch-events
 * (6 partitions) and into command.domain_event_entry (command-service's DDL, rows as Axon writes
 * them), then per round times a baseline and the report tool (its jar, a JVM of its own) on each
 * source. Baselines: a raw consumer read of the whole topic (bytes only, no decoding), and a JDBC
 * read of the same columns the tool selects (no decoding). Prints result lines prefixed "result: ".
 * Usage: java -cp <log-report test classpath> bench/LogReportBench.java <events> <rounds> <tool jar> <java>
 */
public class LogReportBench {

  static final String TOPIC = "dispatch-events";
  static final ObjectMapper AXON_JSON = new ObjectMapper().registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  static final DateTimeFormatter AXON_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  record Seeded(Instant at, long sequence, DispatchEvent event) {}

  public static void main(String[] args) throws Exception {
    int events = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    String jar = args[2];
    String java = args[3];
    try (RunningInfrastructure infrastructure = Infrastructure.start(InfrastructureOptions.ephemeral(), "embedded")) {
      List<Seeded> log = generate(events);
      long deliveries = log.stream().filter(s -> s.event() instanceof DispatchCreated).count();
      String servers = infrastructure.kafkaBootstrapServers();
      String database = "logreport";
      infrastructure.createDatabase(database);
      String url = infrastructure.jdbcUrl(database);
      long t = System.nanoTime();
      long bytes = seedKafka(servers, log);
      say("seeded %,d events (%,d deliveries, %,d bytes on the wire) into Kafka in %.1f s", log.size(), deliveries,
          bytes, secs(t));
      t = System.nanoTime();
      seedStore(url, infrastructure, log);
      say("seeded the same %,d events into command.domain_event_entry in %.1f s", log.size(), secs(t));
      for (int round = 1; round <= rounds; round++) {
        t = System.nanoTime();
        long read = rawKafka(servers);
        double raw = secs(t);
        say("result: round %d kafka baseline (raw consumer, no decoding): %,d records in %.2f s = %,.0f records/s",
            round, read, raw, read / raw);
        tool(round, "kafka", List.of(java, "-Xmx1g", "-jar", jar, "--kafka", servers, "--format", "json", "--out",
            "/dev/null"), log.size());
        t = System.nanoTime();
        long rows = rawStore(url, infrastructure);
        double rawDb = secs(t);
        say("result: round %d event-store baseline (JDBC read of the same columns, no decoding): %,d rows in %.2f s"
            + " = %,.0f rows/s", round, rows, rawDb, rows / rawDb);
        tool(round, "event store", List.of(java, "-Xmx1g", "-jar", jar, "--db", url, "--db-user",
            infrastructure.username(), "--db-password", infrastructure.password(), "--format", "json", "--out",
            "/dev/null"), log.size());
      }
    }
  }

  static void tool(int round, String source, List<String> command, int expected) throws Exception {
    long t = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(process.getErrorStream().readAllBytes());
    int exit = process.waitFor();
    double wall = secs(t);
    Matcher m = Pattern.compile("([\\d,]+) entries read in ([\\d.]+) s \\(([\\d,]+) entries/s\\)").matcher(err);
    if (exit != 0 || !m.find()) {
      throw new IllegalStateException("log-report exit " + exit + ": " + err);
    }
    long entries = Long.parseLong(m.group(1).replace(",", ""));
    if (entries != expected) {
      throw new IllegalStateException("log-report read " + entries + " entries, " + expected + " were seeded");
    }
    say("result: round %d log-report on the %s: %,d events read and reported in %s s = %s events/s (reading loop);"
        + " %.2f s for the whole command (JVM start, connect, resolve the range, write the report) = %,.0f events/s",
        round, source, entries, m.group(2), m.group(3), wall, entries / wall);
  }

  static List<Seeded> generate(int target) {
    Random random = new Random(42);
    List<UUID> merchants = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      merchants.add(new UUID(0xAAAAL, i));
    }
    Instant start = Instant.now().minus(Duration.ofDays(1)); // within any retention
    List<Seeded> log = new ArrayList<>(target + 16);
    for (int i = 0; log.size() < target; i++) {
      UUID dispatch = new UUID(0xDDDDL, i);
      UUID merchant = merchants.get(random.nextInt(merchants.size()));
      UUID rider = new UUID(0xCCCCL, random.nextInt(500));
      Instant t = start.plusMillis(i * 500L);
      long seq = 0;
      log.add(new Seeded(t, seq++, new DispatchCreated(dispatch, merchant, t, Actor.merchant(merchant), "order-" + i,
          "Customer " + i, "+254700" + String.format("%06d", i % 1_000_000),
          new Stop("Kenyatta Ave " + i, -1.2841, 36.8219, null), new Stop("Ngong Rd " + i, -1.3001, 36.7833, "gate 2"),
          PaymentType.PREPAID, 0, 25000, "KES", t.plusSeconds(1800), t.plusSeconds(3600), "nairobi-cbd", Source.API,
          UUID.randomUUID().toString(), "1234")));
      if (random.nextInt(100) < 5) {
        t = t.plusSeconds(60 + random.nextInt(600));
        log.add(new Seeded(t, seq, new DispatchCancelled(dispatch, merchant, t, Actor.merchant(merchant), "no")));
        continue;
      }
      Actor actor = Actor.rider(rider);
      t = t.plusSeconds(30 + random.nextInt(300));
      log.add(new Seeded(t, seq++, new RiderAssigned(dispatch, merchant, t, actor, rider, null)));
      if (random.nextInt(100) < 10) {
        t = t.plusSeconds(60 + random.nextInt(900));
        log.add(new Seeded(t, seq, new DispatchFailed(dispatch, merchant, t, actor, FailureReason.CUSTOMER_UNREACHABLE,
            "no answer")));
        continue;
      }
      t = t.plusSeconds(300 + random.nextInt(1800));
      log.add(new Seeded(t, seq++, new DispatchPickedUp(dispatch, merchant, t, actor, rider)));
      t = t.plusSeconds(30 + random.nextInt(120));
      log.add(new Seeded(t, seq++, new DispatchDeparted(dispatch, merchant, t, actor, rider)));
      int fixes = 2 + random.nextInt(6);
      for (int f = 0; f < fixes; f++) {
        t = t.plusSeconds(20 + random.nextInt(200));
        log.add(new Seeded(t, seq++, new RiderLocationUpdated(dispatch, merchant, t, actor, rider,
            -1.29 + random.nextDouble() / 100, 36.80 + random.nextDouble() / 100, t)));
      }
      t = t.plusSeconds(60 + random.nextInt(600));
      log.add(new Seeded(t, seq, new DispatchDelivered(dispatch, merchant, t, actor, rider,
          new ProofOfDelivery(ProofOfDelivery.ProofType.PIN, "Customer " + i, t, null, null))));
    }
    log.sort(Comparator.comparing(Seeded::at));
    return log;
  }

  static long seedKafka(String servers, List<Seeded> log) throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", servers))) {
      admin.createTopics(List.of(new NewTopic(TOPIC, 6, (short) 1).configs(Map.of("retention.ms", "-1")))).all().get();
    }
    Properties p = new Properties();
    p.put("bootstrap.servers", servers);
    p.put("acks", "all");
    p.put("linger.ms", "20");
    p.put("batch.size", "262144");
    long bytes = 0;
    try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
      for (Seeded s : log) {
        byte[] value = EventCodec.standard().encode(EventEnvelope.of(UUID.randomUUID(), s.sequence(), s.event()));
        bytes += value.length;
        producer.send(new ProducerRecord<>(TOPIC, null, s.at().toEpochMilli(), s.event().dispatchId().toString(), value));
      }
      producer.flush();
    }
    return bytes;
  }

  static void seedStore(String url, RunningInfrastructure infrastructure, List<Seeded> log) throws Exception {
    try (Connection c = DriverManager.getConnection(url, infrastructure.username(), infrastructure.password())) {
      try (Statement ddl = c.createStatement()) {
        ddl.execute("create schema command; set search_path to command");
        ddl.execute(Files.readString(Path.of("command-service/src/main/resources/db/command/V1__event_store.sql")));
      }
      StringBuilder csv = new StringBuilder();
      HexFormat hex = HexFormat.of();
      for (Seeded s : log) {
        csv.append(s.event().dispatchId()).append(',').append(s.sequence()).append(",Dispatch,")
            .append(UUID.randomUUID()).append(",\\x").append(hex.formatHex(AXON_JSON.writeValueAsBytes(s.event())))
            .append(',').append(s.event().getClass().getName()).append(',').append(AXON_TIME.format(s.at()))
            .append('\n');
      }
      c.unwrap(PGConnection.class).getCopyAPI().copyIn("copy command.domain_event_entry (aggregateIdentifier,"
          + " sequenceNumber, type, eventIdentifier, payload, payloadType, timeStamp) from stdin (format csv)",
          new StringReader(csv.toString()));
      try (Statement analyze = c.createStatement()) {
        analyze.execute("vacuum analyze command.domain_event_entry");
      }
    }
  }

  static long rawKafka(String servers) {
    Properties p = new Properties();
    p.put("bootstrap.servers", servers);
    p.put("enable.auto.commit", "false");
    p.put("max.poll.records", "5000");
    p.put("fetch.min.bytes", "65536");
    p.put("fetch.max.wait.ms", "100");
    p.put("max.partition.fetch.bytes", Integer.toString(4 * 1024 * 1024));
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(),
        new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(TOPIC).stream()
          .map(i -> new TopicPartition(TOPIC, i.partition())).toList();
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long records = 0;
      long bytes = 0;
      long total = end.values().stream().mapToLong(Long::longValue).sum();
      while (records < total) {
        ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(500));
        for (var record : batch) {
          records++;
          bytes += record.value().length;
        }
      }
      return bytes > 0 ? records : 0;
    }
  }

  static long rawStore(String url, RunningInfrastructure infrastructure) throws Exception {
    try (Connection c = DriverManager.getConnection(url, infrastructure.username(), infrastructure.password())) {
      c.setAutoCommit(false);
      try (PreparedStatement q = c.prepareStatement("select globalIndex, aggregateIdentifier, sequenceNumber,"
          + " eventIdentifier, payloadType, payloadRevision, payload from command.domain_event_entry order by globalIndex")) {
        q.setFetchSize(5000);
        long rows = 0;
        long bytes = 0;
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            rows++;
            bytes += rs.getBytes(7).length + rs.getString(2).length();
          }
        }
        c.rollback();
        return bytes > 0 ? rows : 0;
      }
    }
  }

  static double secs(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  static void say(String format, Object... args) {
    System.out.println(String.format(format, args));
    System.out.flush();
  }
}
