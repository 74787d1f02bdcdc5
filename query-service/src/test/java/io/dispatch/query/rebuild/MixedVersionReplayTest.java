package io.dispatch.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.codec.EventCodec;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The rebuild over a log that holds dispatch.created in both versions (v1 from before the zone
 * targets were carried, v2 after) gives the same tables as the same log written all in v2, and a
 * v1 creation is read with the targets the upcaster derives.
 */
class MixedVersionReplayTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00.000Z");
    private static final ObjectMapper TREE = new ObjectMapper();
    private static final EventCodec CODEC = EventCodec.standard();

    private static ReplayDatabase database;

    @BeforeAll
    static void database() {
        database = ReplayDatabase.migrated();
    }

    @Test
    void a_log_with_v1_and_v2_creations_rebuilds_the_same_tables_as_the_log_all_in_v2() throws Exception {
        List<EventEnvelope> log = new ArrayList<>();
        List<UUID> writtenAsV1 = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            UUID id = UUID.randomUUID();
            UUID merchant = UUID.randomUUID();
            Instant at = T0.plusSeconds(i * 60L);
            log.add(EventEnvelope.of(
                    UUID.randomUUID(),
                    0,
                    new DispatchCreated(
                            id,
                            merchant,
                            at,
                            Actor.merchant(merchant),
                            new DispatchOrder(
                                    "ext-" + i,
                                    "Amina",
                                    "+254700000001",
                                    new Stop("A", -1.28, 36.81, null),
                                    new Stop("B", -1.3, 36.78, null),
                                    PaymentType.COD,
                                    1000,
                                    "KES",
                                    i % 3 == 0 ? null : at.plusSeconds(1800),
                                    i % 3 == 0 ? null : at.plusSeconds(3600)),
                            25000,
                            DispatchCreated.secondsFromCreation(at, i % 3 == 0 ? null : at.plusSeconds(1800)),
                            DispatchCreated.secondsFromCreation(at, i % 3 == 0 ? null : at.plusSeconds(3600)),
                            "nairobi-cbd",
                            Source.API,
                            "tok-" + id,
                            "1234",
                            null)));
            log.add(EventEnvelope.of(
                    UUID.randomUUID(),
                    1,
                    new RiderAssigned(
                            id, merchant, at.plusSeconds(30), Actor.operator("ops"), UUID.randomUUID(), null)));
            if (i % 2 == 0) {
                log.add(EventEnvelope.of(
                        UUID.randomUUID(),
                        2,
                        new DispatchCancelled(
                                id, merchant, at.plusSeconds(45), Actor.merchant(merchant), "changed mind")));
                writtenAsV1.add(id);
            }
        }
        List<ConsumerRecord<byte[], byte[]>> allV2 = new ArrayList<>();
        List<ConsumerRecord<byte[], byte[]>> mixed = new ArrayList<>();
        for (EventEnvelope envelope : log) {
            byte[] v2 = CODEC.encode(envelope);
            boolean asV1 = envelope.event() instanceof DispatchCreated && writtenAsV1.contains(envelope.dispatchId());
            allV2.add(record(allV2.size(), envelope, v2));
            mixed.add(record(mixed.size(), envelope, asV1 ? asV1(v2) : v2));
        }
        assertThat(new String(mixed.get(0).value(), StandardCharsets.UTF_8))
                .contains("\"version\":1")
                .doesNotContain("targetPickupSeconds");

        try (Connection connection = database.connect()) {
            String fromMixed = rebuild(connection, "mixed_versions", mixed);
            String fromV2 = rebuild(connection, "v2_only", allV2);
            assertThat(fromMixed).isEqualTo(fromV2);
            try (Statement statement = connection.createStatement();
                    var rows = statement.executeQuery("select count(*) from mixed_versions.dispatch_history")) {
                rows.next();
                assertThat(rows.getInt(1))
                        .as("NEW and ASSIGNED of 6, CANCELLED of 3")
                        .isEqualTo(15);
            }
        }
        EventEnvelope upcast = CODEC.decode(mixed.get(0).value());
        assertThat(((DispatchCreated) upcast.event()).targetPickupSeconds()).isNull();
        EventEnvelope upcastWithTargets = CODEC.decode(asV1(CODEC.encode(log.get(5))));
        assertThat(((DispatchCreated) upcastWithTargets.event()).targetPickupSeconds())
                .isEqualTo(1800L);
        assertThat(((DispatchCreated) upcastWithTargets.event()).targetDeliverySeconds())
                .isEqualTo(3600L);
    }

    private static String rebuild(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records)
            throws Exception {
        DispatchReplay replay = new DispatchReplay(JsonMapper.builder().build());
        try (Statement statement = connection.createStatement()) {
            statement.execute("drop schema if exists " + schema + " cascade");
            statement.execute("create schema " + schema);
            for (String table : replay.tables()) {
                statement.execute("create table %s.%s (like query.%s including all)".formatted(schema, table, table));
            }
        }
        Skips skips = new Skips();
        // two batches, so a delivery's later events meet the row an earlier batch wrote
        replay.apply(connection, schema, records.subList(0, records.size() / 2), skips);
        replay.apply(connection, schema, records.subList(records.size() / 2, records.size()), skips);
        assertThat(skips.all()).isEmpty();
        return TableChecksums.of(connection, schema, replay.tables());
    }

    /** The same creation as an older writer put it on the log: version 1, without the targets in seconds. */
    private static byte[] asV1(byte[] v2) throws Exception {
        ObjectNode root = (ObjectNode) TREE.readTree(v2);
        root.put("version", 1);
        ((ObjectNode) root.get("data")).remove(List.of("targetPickupSeconds", "targetDeliverySeconds"));
        return TREE.writeValueAsBytes(root);
    }

    private static ConsumerRecord<byte[], byte[]> record(long offset, EventEnvelope envelope, byte[] value) {
        return new ConsumerRecord<>(
                "dispatch-events", 0, offset, envelope.dispatchId().toString().getBytes(StandardCharsets.UTF_8), value);
    }
}
