package io.dispatch.query.dispatch.projection;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.Source;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.StatusTransition;
import io.dispatch.query.QueryServiceContext;
import io.dispatch.query.TestCreations;
import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.web.identity.MerchantAccounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Projections against a real PostgreSQL: every event applied twice leaves the same tables.
 * The context is closed after the class: its Kafka consumers join the projection's consumer
 * group on the shared broker and would take partitions away from later test classes.
 */
class DispatchProjectionTest extends QueryServiceContext {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00.000Z");

    @Autowired
    DispatchProjection projection;

    @Autowired
    DispatchRows rows;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MerchantAccounts merchants;

    @Test
    void applying_every_event_twice_leaves_the_same_tables() {
        UUID id = UUID.randomUUID();
        UUID merchant = UUID.randomUUID();
        UUID rider = UUID.randomUUID();
        List<EventEnvelope> events = List.of(
                TestCreations.created(id, merchant, T0, Source.API),
                numbered(1, new RiderAssigned(id, merchant, T0.plusSeconds(60), Actor.operator("ops"), rider, null)));

        long offset = 0;
        for (EventEnvelope event : events) {
            projection.apply(event, 0, offset++);
        }
        Map<String, Object> once = snapshot(id);
        for (EventEnvelope event : events) {
            projection.apply(event, 0, offset++);
        }
        assertThat(snapshot(id)).isEqualTo(once);

        var view = rows.find(id).block();
        assertThat(view.status()).isEqualTo(DispatchStatus.ASSIGNED);
        assertThat(view.riderId()).isEqualTo(rider);
        assertThat(view.sequence()).isEqualTo(1);
        assertThat(view.merchantId()).isEqualTo(merchant);
    }

    @Test
    void an_older_event_arriving_late_does_not_undo_a_newer_one() {
        UUID id = UUID.randomUUID();
        UUID merchant = UUID.randomUUID();
        var created = TestCreations.created(id, merchant, T0, Source.API);
        var cancelled = numbered(
                1, new DispatchCancelled(id, merchant, T0.plusSeconds(5), Actor.merchant(merchant), "changed mind"));

        projection.apply(created, 1, 0);
        projection.apply(cancelled, 1, 1);
        projection.apply(created, 1, 2);

        var view = rows.find(id).block();
        assertThat(view.status()).isEqualTo(DispatchStatus.CANCELLED);
        assertThat(view.cancelReason()).isEqualTo("changed mind");
        assertThat(rows.history(id).collectList().block())
                .extracting(StatusTransition::status)
                .containsExactly("NEW", "CANCELLED");
        assertThat(jdbc.queryForObject(
                        "select next_offset from query.projection_positions where partition = 1", Long.class))
                .isEqualTo(3L);
    }

    @Test
    void pin_guesses_and_their_reset_change_the_row_but_add_no_history_entry() {
        UUID id = UUID.randomUUID();
        UUID merchant = UUID.randomUUID();
        UUID rider = UUID.randomUUID();
        List<EventEnvelope> events = List.of(
                TestCreations.created(id, merchant, T0, Source.API),
                numbered(1, new RiderAssigned(id, merchant, T0.plusSeconds(1), Actor.rider(rider), rider, null)),
                numbered(2, new DispatchPickedUp(id, merchant, T0.plusSeconds(2), Actor.rider(rider), rider)),
                numbered(3, new DispatchDeparted(id, merchant, T0.plusSeconds(3), Actor.rider(rider), rider)),
                numbered(
                        4,
                        new DeliveryPinRejected(id, merchant, T0.plusSeconds(4), Actor.rider(rider), rider, 5, true)));
        long offset = 0;
        for (EventEnvelope event : events) {
            projection.apply(event, 2, offset++);
            projection.apply(event, 2, offset++);
        }

        var locked = rows.find(id).block();
        assertThat(locked.pinGuesses().locked()).isTrue();
        assertThat(locked.pinGuesses().wrongGuesses()).isEqualTo(5);
        assertThat(locked.pinGuesses().lockedAt()).isEqualTo(T0.plusSeconds(4));
        assertThat(locked.updatedAt())
                .as("a guess is not a change merchants see")
                .isEqualTo(T0.plusSeconds(3));
        assertThat(locked.sequence()).isEqualTo(4);

        projection.apply(
                numbered(5, new DeliveryPinReset(id, merchant, T0.plusSeconds(5), Actor.operator("ops"), 5)),
                2,
                offset++);

        var reset = rows.find(id).block();
        assertThat(reset.pinGuesses().locked()).isFalse();
        assertThat(reset.pinGuesses().wrongGuesses()).isZero();
        assertThat(rows.history(id).collectList().block())
                .extracting(StatusTransition::status)
                .containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT");
    }

    @Test
    void offers_hold_a_sandbox_merchants_deliveries_for_sandbox_riders_and_a_real_merchants_for_real_riders() {
        UUID sandboxMerchant =
                merchants.createMerchant("Sandbox " + UUID.randomUUID(), true).id();
        UUID realMerchant =
                merchants.createMerchant("Real " + UUID.randomUUID(), false).id();
        UUID bait = UUID.randomUUID();
        UUID real = UUID.randomUUID();
        long offset = 0;
        for (int twice = 0; twice < 2; twice++) {
            projection.apply(TestCreations.created(bait, sandboxMerchant, T0, Source.API), 3, offset++);
            projection.apply(TestCreations.created(real, realMerchant, T0, Source.API), 3, offset++);
        }

        assertThat(jdbc.queryForObject("select sandbox from query.dispatches where id = ?", Boolean.class, bait))
                .isTrue();
        assertThat(jdbc.queryForObject("select sandbox from query.dispatches where id = ?", Boolean.class, real))
                .isFalse();
        assertThat(offered(true)).contains(bait).doesNotContain(real);
        assertThat(offered(false)).contains(real).doesNotContain(bait);
    }

    private List<UUID> offered(boolean sandbox) {
        return rows.offers(sandbox, -1.28, 36.81, 200)
                .map(DispatchView::dispatchId)
                .collectList()
                .block();
    }

    /** The event as the delivery's {@code sequence}-th, with an event id of its own. */
    private static EventEnvelope numbered(long sequence, DispatchEvent event) {
        return EventEnvelope.of(UUID.randomUUID(), sequence, event);
    }

    private Map<String, Object> snapshot(UUID id) {
        return Map.of(
                "row",
                        jdbc.queryForMap(
                                "select status, last_sequence, updated_at, body::text as body from query.dispatches where id = ?",
                                id),
                "history",
                        jdbc.queryForList(
                                "select * from query.dispatch_history where dispatch_id = ? order by sequence", id));
    }
}
