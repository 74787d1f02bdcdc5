package io.dispatch.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.query.decision.DecisionLog;
import io.dispatch.query.decision.projection.DecisionBatch;
import io.dispatch.query.dispatch.projection.DispatchBatch;
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
 * The rebuild's replay of the decisions gives the tables the live projection gives: the same log
 * applied an event at a time, each twice (as re-delivery does), and replayed in two large batches.
 */
class DecisionReplayTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00.000Z");
    private static final EventCodec CODEC = EventCodec.standard();

    private static ReplayDatabase database;

    @BeforeAll
    static void database() {
        database = ReplayDatabase.migrated();
    }

    @Test
    void replaying_the_log_in_batches_gives_the_tables_the_live_projection_gives_an_event_at_a_time() throws Exception {
        List<EventEnvelope> log = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            UUID rider = UUID.randomUUID();
            UUID other = UUID.randomUUID();
            Instant at = T0.plusSeconds(60L * i);
            DecisionLog ranked = new DecisionLog(UUID.randomUUID(), at, DecisionLog.policy("RANKED"), "nairobi-cbd");
            UUID expired = ranked.offered(rider, at.plusSeconds(1), at.plusSeconds(31));
            ranked.expired(expired, rider, at.plusSeconds(31));
            UUID accepted = ranked.offered(other, at.plusSeconds(32), at.plusSeconds(62));
            ranked.accepted(accepted, other, at.plusSeconds(40));
            DecisionLog automatic =
                    new DecisionLog(UUID.randomUUID(), at, DecisionLog.policy("AUTO_ASSIGN"), i % 2 == 0 ? null : "z1");
            automatic
                    .autoAssigned(rider, at.plusSeconds(2), rider, other)
                    .unassigned(rider, at.plusSeconds(9), null)
                    .noRider(at.plusSeconds(10), "OFFERS_EXHAUSTED");
            DecisionLog cancelled = new DecisionLog(UUID.randomUUID(), at, null, null);
            UUID withdrawn = cancelled.offered(rider, at.plusSeconds(3), at.plusSeconds(33));
            cancelled
                    .withdrawn(withdrawn, rider, at.plusSeconds(5), OfferWithdrawn.CANCELLED)
                    .add(new DispatchCancelled(
                            cancelled.dispatchId, cancelled.merchantId, at.plusSeconds(5), Actor.system(), "gone"));
            // the deliveries' streams interleave on the log, each in its own order
            List<List<EventEnvelope>> streams = List.of(ranked.events(), automatic.events(), cancelled.events());
            for (int step = 0; step < 8; step++) {
                for (List<EventEnvelope> stream : streams) {
                    if (step < stream.size()) {
                        log.add(stream.get(step));
                    }
                }
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
        DecisionReplay replay = new DecisionReplay(JsonMapper.builder().build());

        try (Connection connection = database.connect()) {
            connection.setAutoCommit(false);
            DecisionBatch live = new DecisionBatch(JsonMapper.builder().build());
            for (EventEnvelope envelope : log) {
                for (int twice = 0; twice < 2; twice++) {
                    live.apply(connection, "query", List.of(envelope), new FailOnSkip(), true);
                    connection.commit();
                }
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute("create schema rebuilt");
                for (String table : replay.tables()) {
                    statement.execute("create table rebuilt.%s (like query.%s including all)".formatted(table, table));
                }
            }
            Skips skips = new Skips();
            replay.apply(connection, "rebuilt", records.subList(0, records.size() / 3), skips);
            replay.apply(connection, "rebuilt", records.subList(records.size() / 3, records.size()), skips);
            connection.commit();

            assertThat(skips.all()).isEmpty();
            assertThat(count(connection, "rebuilt.dispatch_decisions")).isEqualTo(4 * (4 + 3 + 2));
            assertThat(count(connection, "rebuilt.dispatching")).isEqualTo(12);
            assertThat(TableChecksums.of(connection, "rebuilt", replay.tables()))
                    .isEqualTo(TableChecksums.of(connection, "query", replay.tables()));
        }
    }

    private static long count(Connection connection, String table) throws Exception {
        try (Statement statement = connection.createStatement();
                var rows = statement.executeQuery("select count(*) from " + table)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static final class FailOnSkip implements DispatchBatch.Skipped {
        @Override
        public void beforeCreation(EventEnvelope envelope) {
            throw new AssertionError("skipped " + envelope.type());
        }

        @Override
        public void refused(EventEnvelope envelope, IllegalArgumentException reason) {
            throw reason;
        }
    }
}
