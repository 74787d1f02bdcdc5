package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.ORDER;
import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.command.dispatch.application.DispatchHistory;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.codec.EventEnvelopeSerializer;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.kafka.recovery.RecordRecovery;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import io.dispatch.query.rider.RiderPositionProjection;
import io.dispatch.webhook.intake.NotificationRecorder;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A record a consumer group cannot apply no longer stalls its partition: after a few tries it is
 * dead-lettered, the delivery's later records are held back behind it, everyone else's flow on,
 * and an operator replays them in order once the cause is fixed.
 */
class DeadLetterTest {

    private static final String PROJECTION = DispatchProjection.NAME;

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @Test
    void a_record_the_read_model_refuses_is_dead_lettered_its_delivery_parked_and_replayed_in_order_after_the_fix()
            throws Exception {
        Merchant m = dispatch.newMerchant("Dead letters");
        String poison = "poison-" + UUID.randomUUID();
        JdbcTemplate jdbc = dispatch.bean(JdbcTemplate.class);
        // a read-model rule this one delivery breaks: a permanent failure of its record, until it is dropped
        String constraint = "refuse_" + poison.replace('-', '_');
        jdbc.execute("alter table query.dispatches add constraint " + constraint
                + " check (body->>'externalId' is distinct from '" + poison + "')");
        double failedBefore = deadLetters(PROJECTION, "FAILED");

        String id = dispatch.createDelivery(m, ORDER.formatted(poison));
        dispatch.cancelDelivery(m, id, "test");

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode letters = letters(PROJECTION, id);
            assertThat(letters).hasSize(2);
            assertThat(letters.get(1).get("reason").asText()).isEqualTo("FAILED");
            assertThat(letters.get(1).get("error").asText()).contains(constraint);
            assertThat(letters.get(0).get("reason").asText()).isEqualTo("PARKED");
            assertThat(letters.get(1).has("payload"))
                    .as("a letter is listed without its bytes: they may hold customer data")
                    .isFalse();
        });
        assertThat(deadLetters(PROJECTION, "FAILED")).isEqualTo(failedBefore + 1);
        assertThat(copiesOnTopic(RecordRecovery.topicOf(PROJECTION), id)).isEqualTo(2);

        // the partition moved on: deliveries created after it, on every partition, read back at once
        for (String other : createdOnEveryPartition(m)) {
            dispatch.call("GET", "/api/v1/external/dispatches/" + other, merchant(m.apiKey()), null, 200);
        }
        // the webhook side was not concerned: its group applied both records
        assertThat(letters(NotificationRecorder.GROUP, id)).isEmpty();

        jdbc.execute("alter table query.dispatches drop constraint " + constraint);
        assertThat(replay(PROJECTION, id)).isEqualTo(2);

        // polled every 2 s: the merchant's key has 60 requests a minute, and the replay can take seconds
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofSeconds(2))
                .untilAsserted(() -> {
                    JsonNode delivery = dispatch.call(
                                    "GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200)
                            .data();
                    assertThat(delivery.get("status").asText()).isEqualTo("CANCELLED");
                });
        JsonNode history = dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + id + "/events", merchant(m.apiKey()), null, 200)
                .data();
        assertThat(history).extracting(entry -> entry.get("status").asText()).containsExactly("NEW", "CANCELLED");
        assertThat(letters(PROJECTION, id))
                .allSatisfy(letter -> assertThat(letter.get("status").asText()).isEqualTo("REPLAYED"));
    }

    @Test
    void a_nul_character_that_reached_the_log_stalls_nothing() throws Exception {
        Merchant m = dispatch.newMerchant("NUL in the log");
        String template = dispatch.createDelivery(m, ORDER.formatted("template"));
        EventEnvelope real = dispatch.bean(DispatchHistory.class)
                .events(UUID.fromString(template))
                .get(0);
        DispatchCreated created = (DispatchCreated) real.event();
        UUID poisonId = UUID.randomUUID();
        DispatchCreated poisoned = new DispatchCreated(
                poisonId,
                created.merchantId(),
                created.occurredAt(),
                created.actor(),
                new DispatchOrder(
                        "nul",
                        "A\u0000B",
                        created.order().customerPhone(),
                        created.order().pickup(),
                        created.order().dropoff(),
                        created.order().paymentType(),
                        created.order().amountCents(),
                        created.order().currency(),
                        created.order().targetPickupAt(),
                        created.order().targetDeliveryAt()),
                created.feeCents(),
                created.targetPickupSeconds(),
                created.targetDeliverySeconds(),
                created.zoneId(),
                created.source(),
                "nul" + UUID.randomUUID().toString().replace("-", ""),
                created.deliveryPin(),
                null);
        EventEnvelope envelope = new EventEnvelope(
                UUID.randomUUID(),
                real.type(),
                real.version(),
                poisonId,
                real.merchantId(),
                0,
                real.occurredAt(),
                real.actor(),
                poisoned);
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()),
                new StringSerializer(),
                new EventEnvelopeSerializer())) {
            producer.send(new ProducerRecord<>("dispatch-events", poisonId.toString(), envelope))
                    .get();
        }

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(letters(PROJECTION, poisonId.toString())).hasSize(1);
            assertThat(letters(NotificationRecorder.GROUP, poisonId.toString())).hasSize(1);
        });
        // the projection's stored position passed the dead letter: reads of that partition need not wait for it
        int partition =
                Utils.toPositive(Utils.murmur2(poisonId.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                        % partitions();
        long end = endOffset("dispatch-events", partition);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(dispatch.bean(JdbcTemplate.class)
                                .queryForObject(
                                        "select next_offset from query.projection_positions where projection = ? and topic = ? "
                                                + "and partition = ?",
                                        Long.class,
                                        PROJECTION,
                                        "dispatch-events",
                                        partition))
                        .isGreaterThanOrEqualTo(end));
        for (String other : createdOnEveryPartition(m)) {
            dispatch.call("GET", "/api/v1/external/dispatches/" + other, merchant(m.apiKey()), null, 200);
        }
    }

    @Test
    void a_rider_fix_the_read_model_refuses_is_dead_lettered_and_replayed_while_other_riders_move_on()
            throws Exception {
        String group = RiderPositionProjection.NAME;
        UUID poisoned = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        JdbcTemplate jdbc = dispatch.bean(JdbcTemplate.class);
        String constraint = "refuse_fix_" + poisoned.toString().replace('-', '_');
        jdbc.execute("alter table query.rider_positions add constraint " + constraint + " check (rider_id <> '"
                + poisoned + "')");
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()),
                new StringSerializer(),
                new RiderPositionCodec.Writer())) {
            producer.send(new ProducerRecord<>(
                            "rider-positions",
                            poisoned.toString(),
                            new RiderPositionReported(poisoned, -1.2841, 36.8219, now, now, List.of())))
                    .get();
            producer.send(new ProducerRecord<>(
                            "rider-positions",
                            other.toString(),
                            new RiderPositionReported(other, -1.3001, 36.7833, now, now, List.of())))
                    .get();
        }

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode letters = letters(group, poisoned.toString());
            assertThat(letters).hasSize(1);
            assertThat(letters.get(0).get("reason").asText()).isEqualTo("FAILED");
            assertThat(letters.get(0).get("error").asText()).contains(constraint);
            assertThat(storedLatitude(jdbc, other)).containsExactly(-1.3001);
        });
        assertThat(storedLatitude(jdbc, poisoned)).isEmpty();

        jdbc.execute("alter table query.rider_positions drop constraint " + constraint);
        assertThat(replay(group, poisoned.toString())).isEqualTo(1);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(storedLatitude(jdbc, poisoned)).containsExactly(-1.2841));
        assertThat(letters(group, poisoned.toString()))
                .allSatisfy(letter -> assertThat(letter.get("status").asText()).isEqualTo("REPLAYED"));
    }

    private static List<Double> storedLatitude(JdbcTemplate jdbc, UUID rider) {
        return jdbc.queryForList("select latitude from query.rider_positions where rider_id = ?", Double.class, rider);
    }

    /** Asks for a replay of a group's dead letters of one key (202); answers how many were requested. */
    private static int replay(String group, String key) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/admin/dead-letters/replay",
                        admin(),
                        "{\"group\":\"" + group + "\",\"key\":\"" + key + "\"}",
                        202)
                .data()
                .get("requested")
                .asInt();
    }

    /** Deliveries created until every partition of dispatch-events holds one. */
    private static List<String> createdOnEveryPartition(Merchant m) throws Exception {
        int partitions = partitions();
        boolean[] covered = new boolean[partitions];
        List<String> ids = new ArrayList<>();
        int left = partitions;
        for (int i = 0; left > 0 && i < 200; i++) {
            String id = dispatch.createDelivery(m, ORDER.formatted("after-" + i));
            int partition =
                    Utils.toPositive(Utils.murmur2(id.getBytes(java.nio.charset.StandardCharsets.UTF_8))) % partitions;
            if (!covered[partition]) {
                // one delivery a partition is read back: reading every one made could pass the key's 60 a minute
                ids.add(id);
                covered[partition] = true;
                left--;
            }
        }
        assertThat(left).as("partitions without a delivery").isZero();
        return ids;
    }

    private static JsonNode letters(String group, String key) throws Exception {
        JsonNode all = dispatch.call("GET", "/api/v1/admin/dead-letters?limit=200&group=" + group, admin(), null, 200)
                .data();
        List<JsonNode> mine = new ArrayList<>();
        all.forEach(letter -> {
            if (key.equals(letter.get("key").asText())) {
                mine.add(letter);
            }
        });
        return DispatchUnderTest.JSON.valueToTree(mine);
    }

    private static double deadLetters(String group, String reason) {
        var counter = dispatch.bean(MeterRegistry.class)
                .find("dispatch.dead.letters")
                .tags("group", group, "reason", reason)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private static String bootstrap() {
        return String.join(",", dispatch.bean(KafkaProperties.class).getBootstrapServers());
    }

    private static int partitions() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()))) {
            return admin.describeTopics(List.of("dispatch-events"))
                    .allTopicNames()
                    .get()
                    .get("dispatch-events")
                    .partitions()
                    .size();
        }
    }

    private static long endOffset(String topic, int partition) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()))) {
            TopicPartition tp = new TopicPartition(topic, partition);
            return admin.listOffsets(Map.of(tp, OffsetSpec.latest()))
                    .all()
                    .get()
                    .get(tp)
                    .offset();
        }
    }

    private static long copiesOnTopic(String topic, String key) throws Exception {
        Map<String, Object> config = Map.of(
                "bootstrap.servers", bootstrap(),
                "group.id", "dead-letter-test-" + UUID.randomUUID(),
                "auto.offset.reset", "earliest",
                "key.deserializer", "org.apache.kafka.common.serialization.StringDeserializer",
                "value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        try (var consumer = new org.apache.kafka.clients.consumer.KafkaConsumer<String, byte[]>(config);
                Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()))) {
            TopicPartition partition = new TopicPartition(topic, 0);
            long end = admin.listOffsets(Map.of(partition, OffsetSpec.latest()))
                    .all()
                    .get()
                    .get(partition)
                    .offset();
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long copies = 0;
            while (consumer.position(partition) < end) {
                for (var record : consumer.poll(Duration.ofSeconds(1))) {
                    if (key.equals(record.key())) {
                        copies++;
                    }
                }
            }
            return copies;
        }
    }
}
