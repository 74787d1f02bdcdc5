package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.infrastructure.WebhookReceiver;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * POST /api/v1/admin/projections/rebuild through the whole service: every read model replayed
 * from the log into fresh tables that equal the live ones row for row, a lost row brought back,
 * one rebuild at a time, and a failed rebuild that leaves the live tables in use and can be retried.
 */
class ProjectionRebuildTest {

    private static final String ORDER = """
      {"customerName":"Wanjiru Kamau","customerPhone":"+254 700 000 002","externalId":"%s",
       "pickup":{"address":"Moi Ave 3","lat":-1.2833,"lng":36.8233},
       "dropoff":{"address":"Waiyaki Way 40","lat":-1.2635,"lng":36.8030},
       "paymentType":"PREPAID","amountCents":250000}""";
    private static final String REBUILD = "/api/v1/admin/projections/rebuild";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final WebhookReceiver receiver = new WebhookReceiver();

    @Test
    void a_rebuild_after_every_kind_of_event_equals_the_live_tables_while_writes_go_on() throws Exception {
        // the shared service may hold rows other test classes altered on purpose: a first rebuild mends them
        assertThat(rebuildToTheEnd().get("status").asText()).isEqualTo("SUCCEEDED");

        Merchant m = dispatch.newMerchant("Rebuild " + UUID.randomUUID());
        dispatch.registerWebhook(m.id(), receiver.url());
        Rider rider = dispatch.newRider("Rebuild rider");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(create(m, "single-" + i).get("id").asText());
        }
        JsonNode bulk = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches/bulk",
                        merchant(m.apiKey()),
                        "{\"orders\":[" + ORDER.formatted("bulk-1") + "," + ORDER.formatted("bulk-2") + "]}",
                        201)
                .data();
        bulk.get("dispatches").forEach(created -> ids.add(created.get("id").asText()));

        String delivered = ids.get(0);
        riderPost(rider, delivered, "accept", null);
        dispatch.call("POST", "/api/v1/rider/location", rider(rider), "{\"lat\":-1.2801,\"lng\":36.8201}", 202);
        riderPost(rider, delivered, "pickup", null);
        riderPost(rider, delivered, "depart", null);
        dispatch.call("POST", "/api/v1/rider/location", rider(rider), "{\"lat\":-1.2701,\"lng\":36.8101}", 202);
        String pin = read(m, delivered).get("deliveryPin").asText();
        String wrongPin = pin.equals("0000") ? "1111" : "0000";
        dispatch.deliverWithPin(rider, delivered, "Baraka", wrongPin, 422);
        dispatch.deliverWithPin(rider, delivered, "Baraka", pin, 200);
        riderPost(rider, ids.get(1), "accept", null);
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + ids.get(1) + "/fail",
                admin(),
                "{\"reasonCode\":\"CUSTOMER_UNREACHABLE\",\"detail\":\"no answer at the gate\"}",
                200);
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + ids.get(2) + "/status",
                merchant(m.apiKey()),
                "{\"status\":\"CANCELLED\",\"reason\":\"customer changed their mind\"}",
                200);
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + ids.get(3) + "/assign",
                admin(),
                "{\"riderId\":\"" + rider.id() + "\"}",
                200);
        // what no version of this code can read: the live projection and the rebuild both count it and go on
        String unknown = "{\"eventId\":\"%s\",\"type\":\"dispatch.teleported\",\"version\":1,\"dispatchId\":\"%s\"}"
                .formatted(UUID.randomUUID(), ids.get(4));
        String future = "{\"eventId\":\"%s\",\"type\":\"dispatch.cancelled\",\"version\":99,\"dispatchId\":\"%s\"}"
                .formatted(UUID.randomUUID(), ids.get(4));
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        String.join(",", dispatch.bean(KafkaProperties.class).getBootstrapServers())),
                new StringSerializer(),
                new StringSerializer())) {
            producer.send(new ProducerRecord<>("dispatch-events", ids.get(4), unknown))
                    .get();
            producer.send(new ProducerRecord<>("dispatch-events", ids.get(4), future))
                    .get();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.received().size() >= 13);
        Map<String, JsonNode> before = new LinkedHashMap<>();
        for (String id : ids) {
            before.put(id, read(m, id));
        }

        // merchants keep writing and reading while it runs: another merchant, whose 60 requests a minute
        // cover 15 creates, their reads and the reads after the rebuild
        Merchant writer = dispatch.newMerchant("Rebuild writer " + UUID.randomUUID());
        AtomicBoolean rebuilding = new AtomicBoolean(true);
        CompletableFuture<List<String>> meanwhile = CompletableFuture.supplyAsync(() -> {
            List<String> created = new ArrayList<>();
            try {
                while ((rebuilding.get() && created.size() < 15) || created.isEmpty()) {
                    String id = create(writer, "meanwhile-" + created.size())
                            .get("id")
                            .asText();
                    assertThat(read(writer, id).get("status").asText()).isEqualTo("NEW");
                    created.add(id);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return created;
        });
        JsonNode done;
        try {
            done = rebuildToTheEnd();
        } finally {
            rebuilding.set(false);
        }
        List<String> createdMeanwhile = meanwhile.get();

        assertThat(done.get("status").asText()).as("%s", done).isEqualTo("SUCCEEDED");
        assertThat(done.get("error").isNull()).isTrue();
        assertThat(done.get("checksum").asText())
                .as("the rebuilt tables equal the live ones")
                .hasSize(32)
                .isEqualTo(done.get("previousChecksum").asText());
        assertThat(done.get("eventsDone").asLong())
                .isPositive()
                .isEqualTo(done.get("eventsTotal").asLong());
        assertThat(done.get("eventsPerSecond").asDouble()).isPositive();
        assertThat(done.get("eventsSkipped").asLong())
                .as("the unknown type and the future version")
                .isGreaterThanOrEqualTo(2);
        assertThat(done.get("finishedAt").asText())
                .isGreaterThanOrEqualTo(done.get("startedAt").asText());
        for (var entry : before.entrySet()) {
            assertThat(read(m, entry.getKey()))
                    .as("delivery %s after the rebuild", entry.getKey())
                    .isEqualTo(entry.getValue());
        }
        assertThat(history(m, delivered)).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED");
        for (String id : createdMeanwhile) {
            assertThat(read(writer, id).get("status").asText()).isEqualTo("NEW");
        }
        assertThat(jdbc().queryForObject(
                                "select count(*) from query.rider_positions where rider_id = ?::uuid",
                                Integer.class,
                                rider.id()))
                .isEqualTo(1);
        assertThat(jdbc().queryForObject(
                                "select count(*) from information_schema.schemata where schema_name like 'query\\_re%'",
                                Integer.class))
                .as("no rebuild schema left behind")
                .isZero();
    }

    @Test
    void a_delivery_the_read_model_lost_comes_back() throws Exception {
        Merchant m = dispatch.newMerchant("Rebuild lost " + UUID.randomUUID());
        JsonNode created = create(m, "lost");
        String id = created.get("id").asText();
        String tracking = "/api/v1/track/" + created.get("trackingToken").asText();
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + id + "/status",
                merchant(m.apiKey()),
                "{\"status\":\"CANCELLED\",\"reason\":\"test\"}",
                200);
        JsonNode seen = read(m, id);
        JsonNode tracked = dispatch.call("GET", tracking, Map.of(), null, 200).data();
        assertThat(tracked.get("pickup").toString()).isEqualTo("{\"lat\":-1.2833,\"lng\":36.8233}");
        assertThat(tracked.get("dropoff").toString())
                .isEqualTo("{\"address\":\"Waiyaki Way 40\",\"lat\":-1.2635,\"lng\":36.803}");
        jdbc().update("delete from query.dispatch_history where dispatch_id = ?::uuid", id);
        jdbc().update("delete from query.dispatches where id = ?::uuid", id);
        dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 404);

        JsonNode done = rebuildToTheEnd();

        assertThat(done.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(done.get("checksum").asText())
                .as("the live tables had lost a delivery")
                .isNotEqualTo(done.get("previousChecksum").asText());
        assertThat(read(m, id)).isEqualTo(seen);
        assertThat(history(m, id)).containsExactly("NEW", "CANCELLED");
        assertThat(dispatch.call("GET", tracking, Map.of(), null, 200).data())
                .as("the tracking JSON, the map's pins included")
                .isEqualTo(tracked);
    }

    @Test
    void one_rebuild_at_a_time_and_one_whose_instance_stopped_is_reported_failed() throws Exception {
        awaitIdle();
        UUID stuck = UUID.randomUUID();
        jdbc().update("""
        insert into query.rebuilds (id, status, instance, started_at, heartbeat_at)
        values (?, 'RUNNING', 'another-instance', now(), now())""", stuck);
        JsonNode refused = dispatch.call("POST", REBUILD, admin(), null, 409).error();
        assertThat(refused.get("code").asText()).isEqualTo("CONFLICT");
        assertThat(status().get("rebuildId").asText()).isEqualTo(stuck.toString());
        assertThat(status().get("status").asText()).isEqualTo("RUNNING");

        jdbc().update("update query.rebuilds set heartbeat_at = now() - interval '10 minutes' where id = ?", stuck);
        JsonNode abandoned = status();
        assertThat(abandoned.get("status").asText()).isEqualTo("FAILED");
        assertThat(abandoned.get("error").asText()).contains("another-instance", "stopped");
        assertThat(rebuildToTheEnd().get("status").asText()).isEqualTo("SUCCEEDED");

        dispatch.call("POST", REBUILD, Map.of(), null, 401);
    }

    @Test
    void a_rebuild_that_fails_leaves_the_live_tables_in_use_and_can_be_retried() throws Exception {
        Merchant m = dispatch.newMerchant("Rebuild retried " + UUID.randomUUID());
        String id = create(m, "retried").get("id").asText();
        awaitIdle();
        DataSource dataSource = dispatch.bean(DataSource.class);
        JsonNode failed;
        try (Connection holder = dataSource.getConnection();
                Statement statement = holder.createStatement()) {
            // a long report holding the live tables: the swap cannot get them within its lock timeout (2 s here)
            holder.setAutoCommit(false);
            statement.execute("lock table query.rider_positions in access share mode");
            String rebuildId = dispatch.call("POST", REBUILD, admin(), null, 202)
                    .data()
                    .get("rebuildId")
                    .asText();
            failed = await().atMost(Duration.ofSeconds(60))
                    .until(
                            ProjectionRebuildTest::status,
                            status -> !status.get("status").asText().equals("RUNNING"));
            assertThat(failed.get("rebuildId").asText()).isEqualTo(rebuildId);
            assertThat(read(m, id).get("status").asText())
                    .as("reads go on against the live tables")
                    .isEqualTo("NEW");
            holder.rollback();
        }
        assertThat(failed.get("status").asText()).isEqualTo("FAILED");
        assertThat(failed.get("error").asText()).contains("dispatch.rebuild.lock-timeout");
        assertThat(failed.get("finishedAt").isNull()).isFalse();

        assertThat(rebuildToTheEnd().get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(read(m, id).get("status").asText()).isEqualTo("NEW");
    }

    private static JsonNode rebuildToTheEnd() throws Exception {
        awaitIdle();
        JsonNode started = dispatch.call("POST", REBUILD, admin(), null, 202).data();
        assertThat(started.get("status").asText()).isEqualTo("RUNNING");
        assertThat(started.get("startedAt").isNull()).isFalse();
        String id = started.get("rebuildId").asText();
        return await().atMost(Duration.ofSeconds(120))
                .until(
                        ProjectionRebuildTest::status,
                        status -> status.get("rebuildId").asText().equals(id)
                                && !status.get("status").asText().equals("RUNNING"));
    }

    private static void awaitIdle() {
        await().atMost(Duration.ofSeconds(120))
                .until(() -> !status().get("status").asText().equals("RUNNING"));
    }

    private static JsonNode status() throws Exception {
        return dispatch.call("GET", REBUILD, admin(), null, 200).data();
    }

    private static JsonNode create(Merchant m, String externalId) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(m.apiKey()),
                        ORDER.formatted(externalId + "-" + UUID.randomUUID()),
                        201)
                .data();
    }

    private static JsonNode read(Merchant m, String id) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200)
                .data();
    }

    private static List<String> history(Merchant m, String id) throws Exception {
        List<String> statuses = new ArrayList<>();
        dispatch.call("GET", "/api/v1/external/dispatches/" + id + "/events", merchant(m.apiKey()), null, 200)
                .data()
                .forEach(entry -> statuses.add(entry.get("status").asText()));
        return statuses;
    }

    private static void riderPost(Rider rider, String id, String action, String body) throws Exception {
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/" + action, rider(rider), body, 200);
    }

    private static JdbcTemplate jdbc() {
        return dispatch.bean(JdbcTemplate.class);
    }
}
