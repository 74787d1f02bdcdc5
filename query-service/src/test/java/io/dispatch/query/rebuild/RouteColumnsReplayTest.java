package io.dispatch.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.query.TestCreations;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
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
 * The rebuild fills what the rider's route reads beside the folded delivery (rider_id,
 * assigned_at, planned_at), the same whether a delivery's events come in one batch or one per
 * batch (then each batch starts from the row the previous one wrote).
 */
class RouteColumnsReplayTest {

    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
    private static final EventCodec CODEC = EventCodec.standard();
    private static final DecisionPolicy BATCHED = new DecisionPolicy("nairobi-cbd", "BATCHED", 1);

    private static ReplayDatabase database;

    @BeforeAll
    static void database() {
        database = ReplayDatabase.migrated();
    }

    @Test
    void a_rebuild_writes_the_rider_the_assignment_and_the_latest_plan_for_that_rider() throws Exception {
        UUID merchant = UUID.randomUUID();
        UUID rider = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        List<EventEnvelope> log = new ArrayList<>();
        // planned (INSERTED before the assignment), picked up, planned again
        UUID kept = UUID.randomUUID();
        List<EventEnvelope> keptEvents = stream(
                TestCreations.created(kept, merchant, T0, Source.API),
                plan(kept, merchant, rider, T0.plusSeconds(1)),
                new RiderAssigned(kept, merchant, T0.plusSeconds(2), Actor.system(), rider, null),
                new DispatchPickedUp(kept, merchant, T0.plusSeconds(60), Actor.rider(rider), rider),
                plan(kept, merchant, rider, T0.plusSeconds(90)));
        // planned for one rider, then an operator gave it to another: that plan is not the other's
        UUID moved = UUID.randomUUID();
        List<EventEnvelope> movedEvents = stream(
                TestCreations.created(moved, merchant, T0, Source.API),
                plan(moved, merchant, rider, T0.plusSeconds(3)),
                new RiderAssigned(moved, merchant, T0.plusSeconds(4), Actor.system(), rider, null),
                new RiderAssigned(moved, merchant, T0.plusSeconds(5), Actor.operator("ops"), other, null));
        // planned, assigned, given back: nobody's
        UUID givenBack = UUID.randomUUID();
        List<EventEnvelope> givenBackEvents = stream(
                TestCreations.created(givenBack, merchant, T0, Source.API),
                plan(givenBack, merchant, rider, T0.plusSeconds(6)),
                new RiderAssigned(givenBack, merchant, T0.plusSeconds(7), Actor.system(), rider, null),
                new RiderUnassigned(givenBack, merchant, T0.plusSeconds(8), Actor.rider(rider), rider, "flat tyre"));
        log.addAll(keptEvents);
        log.addAll(movedEvents);
        log.addAll(givenBackEvents);

        try (Connection connection = database.connect()) {
            String whole = rebuild(connection, "route_whole", log, log.size());
            String oneByOne = rebuild(connection, "route_one_by_one", log, 1);
            assertThat(oneByOne).isEqualTo(whole);

            assertThat(columns(connection, "route_one_by_one", kept))
                    .isEqualTo(rider + " " + T0.plusSeconds(2) + " " + T0.plusSeconds(90));
            assertThat(columns(connection, "route_one_by_one", moved))
                    .isEqualTo(other + " " + T0.plusSeconds(5) + " null");
            assertThat(columns(connection, "route_one_by_one", givenBack)).isEqualTo("null null null");
        }
    }

    private static List<EventEnvelope> stream(Object... events) {
        List<EventEnvelope> envelopes = new ArrayList<>();
        envelopes.add((EventEnvelope) events[0]);
        for (int i = 1; i < events.length; i++) {
            envelopes.add(EventEnvelope.of(UUID.randomUUID(), i, (DispatchEvent) events[i]));
        }
        return envelopes;
    }

    private static DeliveryPlanned plan(UUID dispatchId, UUID merchant, UUID rider, Instant at) {
        return new DeliveryPlanned(
                dispatchId,
                merchant,
                at,
                Actor.engine(),
                rider,
                at.plusSeconds(300),
                at.plusSeconds(900),
                DeliveryPlanned.INSERTED,
                1,
                2,
                2,
                120,
                BATCHED,
                List.of());
    }

    private static String columns(Connection connection, String schema, UUID id) throws Exception {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(
                        "select rider_id, assigned_at, planned_at from %s.dispatches where id = '%s'"
                                .formatted(schema, id))) {
            assertThat(row.next()).isTrue();
            return row.getObject(1) + " " + instant(row.getTimestamp(2)) + " " + instant(row.getTimestamp(3));
        }
    }

    private static Instant instant(java.sql.Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    /** Replays {@code log} into fresh tables of {@code schema}, {@code batch} records at a time; their checksum. */
    private static String rebuild(Connection connection, String schema, List<EventEnvelope> log, int batch)
            throws Exception {
        DispatchReplay replay = new DispatchReplay(JsonMapper.builder().build());
        try (Statement statement = connection.createStatement()) {
            statement.execute("drop schema if exists " + schema + " cascade");
            statement.execute("create schema " + schema);
            for (String table : replay.tables()) {
                statement.execute("create table %s.%s (like query.%s including all)".formatted(schema, table, table));
            }
        }
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        for (EventEnvelope envelope : log) {
            records.add(new ConsumerRecord<>(
                    "dispatch-events",
                    0,
                    records.size(),
                    envelope.dispatchId().toString().getBytes(StandardCharsets.UTF_8),
                    CODEC.encode(envelope)));
        }
        Skips skips = new Skips();
        for (int from = 0; from < records.size(); from += batch) {
            replay.apply(connection, schema, records.subList(from, Math.min(records.size(), from + batch)), skips);
        }
        assertThat(skips.all()).isEmpty();
        return TableChecksums.of(connection, schema, replay.tables());
    }
}
