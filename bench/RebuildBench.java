import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.NotificationStatus;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.events.codec.RiderPositionCodec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.HashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Seeds a log of whole delivery lifecycles straight onto the topics (7 lifecycle events, 2 webhook
 * attempt reports and 1 rider fix per delivery) and times POST /api/v1/admin/projections/rebuild
 * over it (bench/rebuild.sh runs the modes in order). Baselines in the same run: the live
 * projections' own rate over a smaller log, a plain read of the same records from Kafka, and a
 * multi-row insert of as many rows into the same PostgreSQL.
 * Usage: java -cp ... bench/RebuildBench.java live|seed-behind bootstrap jdbcUrl user password deliveries
 *        java -cp ... bench/RebuildBench.java rebuild bootstrap jdbcUrl user password queryBaseUrl adminToken
 */
public class RebuildBench {

  static final List<String> TOPICS = List.of("dispatch-events", "webhook-attempts", "rider-positions");

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    String bootstrap = args[1];
    try (Connection db = DriverManager.getConnection(args[2], args[3], args[4])) {
      switch (mode) {
        case "live" -> live(bootstrap, db, Integer.parseInt(args[5]));
        case "seed-behind" -> seedBehind(bootstrap, db, Integer.parseInt(args[5]));
        case "rebuild" -> rebuild(bootstrap, db, args[5], args[6]);
        default -> throw new IllegalArgumentException("mode live, seed-behind or rebuild, not " + mode);
      }
    }
  }

  /** The live projections' own rate: seed with query-service running, time until they applied it all. */
  static void live(String bootstrap, Connection db, int deliveries) throws Exception {
    long start = System.nanoTime();
    long events = seed(bootstrap, deliveries);
    long ends = ends(bootstrap);
    poll(Duration.ofMillis(200), Duration.ofMinutes(30), "the live projections to apply the seeded log",
        () -> applied(db) >= ends ? Boolean.TRUE : null);
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("baseline, live projections (one record per transaction): %,d events seeded and applied in "
        + "%.1f s, %,.0f events/s%n", events, seconds, events / seconds);
  }

  /**
   * The log of a read model that lost everything: seeded while query-service is stopped, with the
   * live projections' stored positions moved to the end, so it starts with nothing to apply.
   */
  static void seedBehind(String bootstrap, Connection db, int deliveries) throws Exception {
    long start = System.nanoTime();
    long events = seed(bootstrap, deliveries);
    System.out.printf("seeded %,d events (%,d deliveries) in %.1f s%n", events, deliveries,
        (System.nanoTime() - start) / 1e9);
    Map<String, String> projections = Map.of("dispatch-events", "query-service.dispatches",
        "webhook-attempts", "query-service.webhook-attempts", "rider-positions", "query-service.rider-positions");
    try (var consumer = consumer(bootstrap); Statement statement = db.createStatement();
        Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      for (String topic : TOPICS) {
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
            .map(p -> new TopicPartition(topic, p.partition())).toList();
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        if (topic.equals("rider-positions")) {
          // this group resumes from its Kafka offsets, not the stored positions: move those too
          Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
          ends.forEach((partition, end) -> offsets.put(partition, new OffsetAndMetadata(end)));
          admin.alterConsumerGroupOffsets("query-service.rider-positions", offsets).all().get();
        }
        for (var end : ends.entrySet()) {
          statement.execute("""
              insert into query.projection_positions (projection, topic, partition, next_offset)
              values ('%s', '%s', %d, %d)
              on conflict (projection, topic, partition) do update set next_offset = excluded.next_offset"""
              .formatted(projections.get(topic), topic, end.getKey().partition(), end.getValue()));
        }
      }
    }
  }

  static void rebuild(String bootstrap, Connection db, String query, String token) throws Exception {
    long ends = ends(bootstrap);
    double readRate = plainRead(bootstrap, ends);
    System.out.printf("baseline, plain Kafka read of the same %,d records (no decoding): %,.0f records/s%n", ends,
        readRate);
    int rows = (int) Math.min(ends, 400_000);
    double insertRate = multiRowInsert(db, rows);
    System.out.printf("baseline, PostgreSQL multi-row insert of %,d narrow rows in one statement: %,.0f rows/s%n",
        rows, insertRate);

    HttpClient http = HttpClient.newHttpClient();
    // the first rebuild after query-service started runs while its JIT compiles; the second as an
    // operator would see it on a service that has been up for a while
    double cold = timedRebuild(http, query, token, "first after start");
    double warm = timedRebuild(http, query, token, "second");
    System.out.printf("RESULT rebuild %,.0f events/s first after start, %,.0f events/s second (POST to SUCCEEDED) | "
        + "plain Kafka read %,.0f records/s | PG multi-row insert %,.0f rows/s%n", cold, warm, readRate, insertRate);
  }

  /** One rebuild from POST to SUCCEEDED: events per second over that whole time. */
  static double timedRebuild(HttpClient http, String query, String token, String which) throws Exception {
    long rebuildStart = System.nanoTime();
    String started = send(http, "POST", query + "/api/v1/admin/projections/rebuild", token);
    String id = field(started, "rebuildId");
    String status = poll(Duration.ofMillis(100), Duration.ofMinutes(30), "rebuild " + id + " to finish", () -> {
      String now = send(http, "GET", query + "/api/v1/admin/projections/rebuild", token);
      return field(now, "rebuildId").equals(id) && !field(now, "status").equals("RUNNING") ? now : null;
    });
    double rebuildSeconds = (System.nanoTime() - rebuildStart) / 1e9;
    System.out.printf("rebuild (%s) %s: %s, %s events (%s skipped) in %.1f s from POST to SUCCEEDED (swap and "
        + "checksums included), %s events/s as the service reports it (start to last batch); checksum %s, previous "
        + "%s%n", which, id, field(status, "status"), field(status, "eventsDone"), field(status, "eventsSkipped"),
        rebuildSeconds, field(status, "eventsPerSecond"), field(status, "checksum"),
        field(status, "previousChecksum"));
    if (!field(status, "status").equals("SUCCEEDED")) {
      throw new IllegalStateException("the rebuild did not succeed: " + status);
    }
    return Long.parseLong(field(status, "eventsDone")) / rebuildSeconds;
  }

  /** A check that answers a value once its condition holds, null until then. */
  interface Check<T> {
    T now() throws Exception;
  }

  /**
   * Runs {@code check} every {@code every} on a scheduler until it answers a value, and fails with
   * what it waited for after {@code limit} (a stuck service ends the bench instead of holding it).
   */
  static <T> T poll(Duration every, Duration limit, String what, Check<T> check) throws Exception {
    ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    CompletableFuture<T> result = new CompletableFuture<>();
    scheduler.scheduleWithFixedDelay(() -> {
      try {
        T value = check.now();
        if (value != null) {
          result.complete(value);
        }
      } catch (Exception e) {
        result.completeExceptionally(e);
      }
    }, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    try {
      return result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("gave up after " + limit + " waiting for " + what, e);
    } finally {
      scheduler.shutdownNow();
    }
  }

  static long seed(String bootstrap, int deliveries) throws Exception {
    EventCodec codec = EventCodec.standard();
    RiderPositionCodec.Writer positions = new RiderPositionCodec.Writer();
    Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        ProducerConfig.LINGER_MS_CONFIG, 20, ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024,
        ProducerConfig.ACKS_CONFIG, "all");
    long events = 0;
    Instant t0 = Instant.parse("2026-11-01T08:00:00Z");
    try (var producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
      for (int i = 0; i < deliveries; i++) {
        UUID id = UUID.randomUUID();
        UUID merchant = new UUID(0, i % 50);
        UUID rider = new UUID(1, i % 300);
        Instant at = t0.plusSeconds(i);
        String key = id.toString();
        List<EventEnvelope> lifecycle = List.of(
            EventEnvelope.of(UUID.randomUUID(), 0, new DispatchCreated(id, merchant, at, Actor.merchant(merchant),
                "ext-" + i, "Amina Njeri", "+254700000001", new Stop("Kenyatta Ave 1", -1.2841, 36.8219, null),
                new Stop("Ngong Rd 12", -1.3001, 36.7833, "blue gate"), PaymentType.COD, 150000, 24000, "KES",
                at.plusSeconds(1800), at.plusSeconds(3600), "nairobi-cbd", Source.API, "trk_" + id, "4821")),
            EventEnvelope.of(UUID.randomUUID(), 1, new RiderAssigned(id, merchant, at.plusSeconds(60),
                Actor.rider(rider), rider, null)),
            EventEnvelope.of(UUID.randomUUID(), 2, new DispatchPickedUp(id, merchant, at.plusSeconds(600),
                Actor.rider(rider), rider)),
            EventEnvelope.of(UUID.randomUUID(), 3, new DispatchDeparted(id, merchant, at.plusSeconds(660),
                Actor.rider(rider), rider)),
            EventEnvelope.of(UUID.randomUUID(), 4, new RiderLocationUpdated(id, merchant, at.plusSeconds(900),
                Actor.rider(rider), rider, -1.29, 36.80, at.plusSeconds(899))),
            EventEnvelope.of(UUID.randomUUID(), 5, new RiderLocationUpdated(id, merchant, at.plusSeconds(1200),
                Actor.rider(rider), rider, -1.295, 36.79, at.plusSeconds(1199))),
            EventEnvelope.of(UUID.randomUUID(), 6, new DispatchDelivered(id, merchant, at.plusSeconds(1500),
                Actor.rider(rider), rider, new ProofOfDelivery(ProofOfDelivery.ProofType.SIGNATURE, "Baraka",
                    at.plusSeconds(1500), null, "https://example.com/s.png"))));
        for (EventEnvelope envelope : lifecycle) {
          producer.send(new ProducerRecord<>("dispatch-events", key, codec.encode(envelope)));
        }
        UUID notification = UUID.randomUUID();
        for (int revision = 1; revision <= 2; revision++) {
          var attempt = new WebhookAttemptRecorded(id, merchant, at.plusSeconds(61 + revision), Actor.system(),
              notification, "dispatch.assigned", revision == 1 ? NotificationStatus.PENDING : NotificationStatus.SUCCEEDED,
              revision - 1, revision == 1 ? null : 204, null, null, at.plusSeconds(61));
          producer.send(new ProducerRecord<>("webhook-attempts", key,
              codec.encode(EventEnvelope.of(UUID.randomUUID(), revision, attempt))));
        }
        producer.send(new ProducerRecord<>("rider-positions", rider.toString(), positions.serialize("rider-positions",
            new RiderPositionReported(rider, -1.29, 36.80, at.plusSeconds(899), at.plusSeconds(900), List.of(id)))));
        events += lifecycle.size() + 3;
      }
      producer.flush();
    }
    return events;
  }

  static long ends(String bootstrap) {
    try (var consumer = consumer(bootstrap)) {
      long total = 0;
      for (String topic : TOPICS) {
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
            .map(p -> new TopicPartition(topic, p.partition())).toList();
        total += consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
      }
      return total;
    }
  }

  static long applied(Connection db) throws Exception {
    try (Statement statement = db.createStatement();
        ResultSet row = statement.executeQuery("select coalesce(sum(next_offset), 0) from query.projection_positions")) {
      row.next();
      return row.getLong(1);
    }
  }

  static double plainRead(String bootstrap, long expected) {
    try (var consumer = consumer(bootstrap)) {
      List<TopicPartition> all = new ArrayList<>();
      for (String topic : TOPICS) {
        consumer.partitionsFor(topic).forEach(p -> all.add(new TopicPartition(topic, p.partition())));
      }
      consumer.assign(all);
      consumer.seekToBeginning(all);
      long start = System.nanoTime();
      long read = 0;
      while (read < expected) {
        read += consumer.poll(Duration.ofMillis(500)).count();
      }
      return read / ((System.nanoTime() - start) / 1e9);
    }
  }

  static double multiRowInsert(Connection db, int rows) throws Exception {
    try (Statement statement = db.createStatement()) {
      statement.execute("drop table if exists public.bench_rows");
      statement.execute("create table public.bench_rows (id uuid primary key, status text, at timestamptz, body jsonb)");
      long start = System.nanoTime();
      statement.execute("insert into public.bench_rows select gen_random_uuid(), 'DELIVERED', now(), "
          + "jsonb_build_object('n', n, 'customerName', 'Amina Njeri') from generate_series(1, " + rows + ") n");
      double rate = rows / ((System.nanoTime() - start) / 1e9);
      statement.execute("drop table public.bench_rows");
      return rate;
    }
  }

  static KafkaConsumer<byte[], byte[]> consumer(String bootstrap) {
    return new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000, ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024,
        ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 16 * 1024 * 1024),
        new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  static String send(HttpClient http, String method, String url, String token) throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
        .header("X-Admin-Token", token).method(method, HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 300) {
      throw new IllegalStateException(method + " " + url + " answered " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  static String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":(\"([^\"]*)\"|[^,}]*)").matcher(json);
    if (!m.find()) {
      return "?";
    }
    return m.group(2) != null ? m.group(2) : m.group(1);
  }
}
