package throughput;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Issue 37's steady state: a run at a fixed rate counts only if every create's webhook arrived within
 * {@link #GRACE_SECONDS} of the create, and if, by {@link #GRACE_SECONDS} after its load ended,
 * every consumer group is at zero lag (its committed offsets against the ends of its partitions, asked of the broker
 * each time: the service's own gauge is 10 s old at worst) and every notification was
 * delivered (no row of {@code webhook.notifications} other than SUCCEEDED, and every create's webhook arrived). A
 * pipeline that answers creates quickly while its projections or its dispatcher fall behind does not count.
 */
record SteadyCheck(boolean counts, double settledAfterSeconds, double lag, Map<String, Double> lagByGroup,
        long undelivered, long missingWebhooks, double slowestWebhookSeconds) {

    static final int GRACE_SECONDS = 10;

    /** A group of one instance (the live tracking feed: a random UUID): not a pipeline stage, as the service's gauge. */
    private static final Pattern PER_INSTANCE =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$");

    /**
     * Checks every 250 ms from the load's end ({@code loadEndedNanos}) until all is settled or the grace is over;
     * {@code missingWebhooks} counts the creates whose webhook has not arrived.
     */
    static SteadyCheck after(Harness run, long loadEndedNanos, LongSupplier missingWebhooks) throws Exception {
        long deadline = loadEndedNanos + GRACE_SECONDS * 1_000_000_000L;
        Properties kafka = new Properties();
        kafka.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, run.text("kafka", "127.0.0.1:9092"));
        try (Connection db = DriverManager.getConnection(run.service.jdbc(), "postgres", "postgres");
                Admin admin = Admin.create(kafka)) {
            SteadyCheck last;
            do {
                last = now(admin, db, loadEndedNanos, missingWebhooks.getAsLong());
                if (last.counts) return last;
                Waits.pause(java.time.Duration.ofMillis(250));
            } while (System.nanoTime() < deadline);
            return now(admin, db, loadEndedNanos, missingWebhooks.getAsLong());
        }
    }

    /** Records behind the end of its partitions, per consumer group of the pipeline. */
    private static Map<String, Double> lagByGroup(Admin admin) throws Exception {
        Map<String, Double> byGroup = new TreeMap<>();
        for (GroupListing group : admin.listGroups(ListGroupsOptions.forConsumerGroups()).all().get(5, TimeUnit.SECONDS)) {
            if (PER_INSTANCE.matcher(group.groupId()).find()) continue;
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group.groupId())
                    .partitionsToOffsetAndMetadata()
                    .get(5, TimeUnit.SECONDS);
            Map<TopicPartition, OffsetSpec> ends = new java.util.HashMap<>();
            committed.keySet().forEach(p -> ends.put(p, OffsetSpec.latest()));
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> end =
                    admin.listOffsets(ends).all().get(5, TimeUnit.SECONDS);
            double lag = 0;
            for (var c : committed.entrySet()) {
                if (c.getValue() != null) lag += Math.max(0, end.get(c.getKey()).offset() - c.getValue().offset());
            }
            byGroup.put(group.groupId(), lag);
        }
        return byGroup;
    }

    private static SteadyCheck now(Admin admin, Connection db, long loadEndedNanos, long missing) throws Exception {
        Map<String, Double> byGroup = lagByGroup(admin);
        double lag = byGroup.values().stream().mapToDouble(Double::doubleValue).sum();
        long undelivered;
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery("select count(*) from webhook.notifications where status <> 'SUCCEEDED'")) {
            r.next();
            undelivered = r.getLong(1);
        }
        boolean counts = !byGroup.isEmpty() && lag == 0 && undelivered == 0 && missing == 0;
        double after = (System.nanoTime() - loadEndedNanos) / 1e9;
        return new SteadyCheck(counts, after, lag, byGroup, undelivered, missing, Double.NaN);
    }

    /**
     * The check with the slowest create-to-webhook time of the run: a pipeline that caught up by the end but kept
     * webhooks waiting longer than the grace on the way was not steady.
     */
    SteadyCheck withSlowestWebhook(double seconds) {
        return new SteadyCheck(
                counts && seconds <= GRACE_SECONDS,
                settledAfterSeconds,
                lag,
                lagByGroup,
                undelivered,
                missingWebhooks,
                seconds);
    }

    /** The verdict as a Markdown list item. */
    String markdown() {
        String end = lag == 0 && undelivered == 0 && missingWebhooks == 0
                ? String.format(
                        "%.1f s after the load ended every consumer group (%d) was at lag 0 and every notification"
                                + " delivered",
                        settledAfterSeconds, lagByGroup.size())
                : String.format(
                        "%d s after the load ended, consumer lag %.0f (%s), %d notifications not SUCCEEDED, %d created"
                                + " webhooks not arrived",
                        GRACE_SECONDS, lag, lagByGroup, undelivered, missingWebhooks);
        return String.format(
                "- **steady: %s**: %s; the slowest webhook came %.1f s after its create (at most %d s)%s%n",
                counts ? "yes" : "no",
                end,
                slowestWebhookSeconds,
                GRACE_SECONDS,
                counts ? "" : ": this run does not count as carried");
    }
}
