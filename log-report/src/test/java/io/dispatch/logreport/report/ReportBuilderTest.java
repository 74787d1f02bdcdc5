package io.dispatch.logreport.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.logreport.read.LogRecord;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The lifecycle rules as the report applies them, one rule a test, without a broker. */
class ReportBuilderTest {

    private static final UUID DISPATCH = UUID.randomUUID();
    private static final UUID MERCHANT = UUID.randomUUID();
    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");
    private final ReportBuilder builder = new ReportBuilder(null, 10);
    private long offset;

    @Test
    void an_operator_may_reassign_an_assigned_delivery() {
        read(0, created());
        read(1, assigned(Actor.rider(UUID.randomUUID())));
        read(2, assigned(Actor.operator("op-1")));

        assertThat(anomalies(AnomalyKind.ILLEGAL_TRANSITION)).isZero();
    }

    @Test
    void a_rider_may_not_take_a_delivery_another_rider_holds() {
        read(0, created());
        read(1, assigned(Actor.rider(UUID.randomUUID())));
        read(2, assigned(Actor.rider(UUID.randomUUID())));

        assertThat(anomalies(AnomalyKind.ILLEGAL_TRANSITION)).isEqualTo(1);
    }

    @Test
    void a_location_update_before_any_rider_is_not_allowed() {
        read(0, created());
        read(
                1,
                new RiderLocationUpdated(
                        DISPATCH, MERCHANT, T0, Actor.rider(UUID.randomUUID()), UUID.randomUUID(), 1, 2, T0));

        assertThat(anomalies(AnomalyKind.ILLEGAL_TRANSITION)).isEqualTo(1);
    }

    @Test
    void a_sequence_read_again_under_a_new_event_id_is_out_of_order_and_changes_nothing() {
        read(0, created());
        read(1, assigned(Actor.rider(UUID.randomUUID())));
        read(1, assigned(Actor.rider(UUID.randomUUID())));

        Report report = builder.finish("test");
        assertThat(report.anomalies().get("SEQUENCE_OUT_OF_ORDER").count()).isEqualTo(1);
        assertThat(report.anomalies().get("ILLEGAL_TRANSITION").count()).isZero();
        assertThat(report.deliveriesByFinalStatus().get("ASSIGNED")).isEqualTo(1);
    }

    @Test
    void a_second_creation_is_an_illegal_transition() {
        read(0, created());
        read(1, created());

        assertThat(anomalies(AnomalyKind.ILLEGAL_TRANSITION)).isEqualTo(1);
    }

    @Test
    void listing_stops_at_the_limit_but_counting_does_not() {
        ReportBuilder limited = new ReportBuilder(null, 2);
        for (int i = 0; i < 5; i++) {
            limited.accept(new LogRecord.Unreadable(
                    "0:" + i, io.dispatch.logreport.read.UnreadableReason.UNDECODABLE, "bad", null, null, null, null));
        }

        Report.Section<Report.Unreadable> section =
                limited.finish("test").unreadable().get("UNDECODABLE");
        assertThat(section.count()).isEqualTo(5);
        assertThat(section.listed()).hasSize(2);
    }

    private void read(long sequence, DispatchEvent event) {
        builder.accept(new LogRecord.Event("0:" + offset++, EventEnvelope.of(UUID.randomUUID(), sequence, event)));
    }

    private long anomalies(AnomalyKind kind) {
        return builder.finish("test").anomalies().get(kind.name()).count();
    }

    private static DispatchCreated created() {
        return new DispatchCreated(
                DISPATCH,
                MERCHANT,
                T0,
                Actor.merchant(MERCHANT),
                new DispatchOrder(
                        null,
                        "A",
                        "+254700000001",
                        new Stop("x", null, null, null),
                        new Stop("y", null, null, null),
                        PaymentType.PREPAID,
                        0,
                        "KES",
                        T0.plusSeconds(1800),
                        T0.plusSeconds(3600)),
                100,
                DispatchCreated.secondsFromCreation(T0, T0.plusSeconds(1800)),
                DispatchCreated.secondsFromCreation(T0, T0.plusSeconds(3600)),
                "z",
                Source.API,
                "t",
                "1234",
                null);
    }

    private static RiderAssigned assigned(Actor actor) {
        return new RiderAssigned(DISPATCH, MERCHANT, T0.plusSeconds(60), actor, UUID.randomUUID(), null);
    }
}
