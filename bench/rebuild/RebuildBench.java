package rebuild;

import java.net.http.HttpClient;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Seeds a log of whole delivery lifecycles straight onto the topics (7 lifecycle events, 2 webhook
 * attempt reports and 1 rider fix per delivery) and times POST /api/v1/admin/projections/rebuild
 * over it (bench/rebuild.sh runs the modes in order). Baselines in the same run: the live
 * projections' own rate over a smaller log, a plain read of the same records from Kafka, and a
 * multi-row insert of as many rows into the same PostgreSQL.
 * Usage: java -cp ... bench/rebuild/RebuildBench.java live|seed-behind bootstrap jdbcUrl user password deliveries
 *        java -cp ... bench/rebuild/RebuildBench.java rebuild bootstrap jdbcUrl user password queryBaseUrl adminToken
 */
public class RebuildBench {

    private RebuildBench() {}

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
        long events = LifecycleSeeder.seed(bootstrap, deliveries);
        long ends = KafkaLog.ends(bootstrap);
        Polling.poll(
                Duration.ofMillis(200),
                Duration.ofMinutes(30),
                "the live projections to apply the seeded log",
                () -> applied(db) >= ends ? Boolean.TRUE : null);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "baseline, live projections (one record per transaction): %,d events seeded and applied in "
                        + "%.1f s, %,.0f events/s%n",
                events, seconds, events / seconds);
    }

    /**
     * The log of a read model that lost everything: seeded while query-service is stopped, with the
     * live projections' stored positions moved to the end, so it starts with nothing to apply.
     */
    static void seedBehind(String bootstrap, Connection db, int deliveries) throws Exception {
        long start = System.nanoTime();
        long events = LifecycleSeeder.seed(bootstrap, deliveries);
        System.out.printf(
                "seeded %,d events (%,d deliveries) in %.1f s%n",
                events, deliveries, (System.nanoTime() - start) / 1e9);
        Map<String, String> projections = Map.of(
                "dispatch-events",
                "query-service.dispatches",
                "webhook-attempts",
                "query-service.webhook-attempts",
                "rider-positions",
                "query-service.rider-positions");
        try (var consumer = KafkaLog.consumer(bootstrap);
                Statement statement = db.createStatement();
                Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            for (String topic : KafkaLog.TOPICS) {
                List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                        .map(p -> new TopicPartition(topic, p.partition()))
                        .toList();
                Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
                if (topic.equals("rider-positions")) {
                    // this group resumes from its Kafka offsets, not the stored positions: move those too
                    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                    ends.forEach((partition, end) -> offsets.put(partition, new OffsetAndMetadata(end)));
                    admin.alterConsumerGroupOffsets("query-service.rider-positions", offsets)
                            .all()
                            .get();
                }
                for (var end : ends.entrySet()) {
                    statement.execute("""
                        insert into query.projection_positions (projection, topic, partition, next_offset)
                        values ('%s', '%s', %d, %d)
                        on conflict (projection, topic, partition) do update set next_offset = excluded.next_offset\
                        """.formatted(
                                    projections.get(topic), topic, end.getKey().partition(), end.getValue()));
                }
            }
        }
    }

    static void rebuild(String bootstrap, Connection db, String query, String token) throws Exception {
        long ends = KafkaLog.ends(bootstrap);
        double readRate = KafkaLog.plainRead(bootstrap, ends);
        System.out.printf(
                "baseline, plain Kafka read of the same %,d records (no decoding): %,.0f records/s%n", ends, readRate);
        int rows = (int) Math.min(ends, 400_000);
        double insertRate = MultiRowInsert.rate(db, rows);
        System.out.printf(
                "baseline, PostgreSQL multi-row insert of %,d narrow rows in one statement: %,.0f rows/s%n",
                rows, insertRate);

        HttpClient http = HttpClient.newHttpClient();
        // the first rebuild after query-service started runs while its JIT compiles; the second as an
        // operator would see it on a service that has been up for a while
        double cold = TimedRebuild.run(http, query, token, "first after start");
        double warm = TimedRebuild.run(http, query, token, "second");
        System.out.printf(
                "RESULT rebuild %,.0f events/s first after start, %,.0f events/s second (POST to SUCCEEDED) | "
                        + "plain Kafka read %,.0f records/s | PG multi-row insert %,.0f rows/s%n",
                cold, warm, readRate, insertRate);
    }

    static long applied(Connection db) throws Exception {
        try (Statement statement = db.createStatement();
                ResultSet row = statement.executeQuery(
                        "select coalesce(sum(next_offset), 0) from query.projection_positions")) {
            row.next();
            return row.getLong(1);
        }
    }
}
