package io.dispatch.simulator.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.infrastructure.RunningInfrastructure;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.simulator.trip.Deliveries.Delivery;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** The simulator's record of sandbox deliveries on a real PostgreSQL, fed the events a reader of the log gets. */
class SandboxLedgerTest {

    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
    private static final UUID MERCHANT = UUID.randomUUID();
    private static SandboxLedger ledger;

    private final UUID dispatchId = UUID.randomUUID();
    private final UUID rider = UUID.randomUUID();

    @BeforeAll
    static void migrate() {
        RunningInfrastructure infrastructure = SharedTestInfrastructure.get();
        DriverManagerDataSource dataSource = new DriverManagerDataSource(
                infrastructure.jdbcUrl(SharedTestInfrastructure.newDatabase()),
                infrastructure.username(),
                infrastructure.password());
        Flyway.configure()
                .dataSource(dataSource)
                .schemas("simulator")
                .locations("classpath:db/simulator")
                .load()
                .migrate();
        ledger = new SandboxLedger(new JdbcTemplate(dataSource), zone -> "nairobi-cbd".equals(zone) ? 22.5 : 18.0);
    }

    @Test
    void a_created_delivery_is_new_with_its_stops_pin_customer_and_zone_speed() {
        ledger.record(envelope(1, created("nairobi-cbd")));

        Delivery delivery = ledger.current(dispatchId).orElseThrow();
        assertThat(delivery.status()).isEqualTo(DispatchStatus.NEW);
        assertThat(delivery.riderId()).isNull();
        assertThat(delivery.pin()).isEqualTo("4821");
        assertThat(delivery.customerName()).isEqualTo("Achieng Otieno");
        assertThat(delivery.pickup()).isEqualTo(new Stop("Kenyatta Ave 1", -1.2841, 36.8219, "Gate B"));
        assertThat(delivery.dropoff()).isEqualTo(new Stop("Ngong Rd 12", null, null, null));
        assertThat(delivery.speedKmh()).isEqualTo(22.5);
        assertThat(ledger.current(UUID.randomUUID())).isEmpty();
    }

    @Test
    void the_rider_holds_it_from_assignment_to_delivery_and_not_after_a_give_back() {
        ledger.record(envelope(1, created(null)));
        ledger.record(envelope(2, new RiderAssigned(dispatchId, MERCHANT, T0, Actor.engine(), rider, null)));
        assertThat(ledger.heldBy(rider)).containsExactly(dispatchId);
        assertThat(ledger.current(dispatchId).orElseThrow().speedKmh()).isEqualTo(18.0);

        ledger.record(envelope(3, new RiderUnassigned(dispatchId, MERCHANT, T0, Actor.engine(), rider, "declined")));
        assertThat(ledger.heldBy(rider)).isEmpty();
        assertThat(ledger.current(dispatchId).orElseThrow().status()).isEqualTo(DispatchStatus.NEW);

        ledger.record(envelope(4, new RiderAssigned(dispatchId, MERCHANT, T0, Actor.engine(), rider, null)));
        ledger.record(envelope(5, new DispatchPickedUp(dispatchId, MERCHANT, T0, Actor.engine(), rider)));
        ledger.record(envelope(
                6, new RiderLocationUpdated(dispatchId, MERCHANT, T0, Actor.engine(), rider, -1.29, 36.8, T0)));
        assertThat(ledger.current(dispatchId).orElseThrow().status()).isEqualTo(DispatchStatus.PICKED_UP);
        assertThat(ledger.heldBy(rider)).containsExactly(dispatchId);

        ledger.record(envelope(7, new DispatchDelivered(dispatchId, MERCHANT, T0, Actor.engine(), rider, null)));
        assertThat(ledger.heldBy(rider)).isEmpty();
        assertThat(ledger.current(dispatchId).orElseThrow().status()).isEqualTo(DispatchStatus.DELIVERED);
    }

    @Test
    void an_event_read_again_or_late_changes_nothing() {
        EventEnvelope creation = envelope(1, created(null));
        EventEnvelope assigned = envelope(2, new RiderAssigned(dispatchId, MERCHANT, T0, Actor.engine(), rider, null));
        EventEnvelope pickedUp = envelope(3, new DispatchPickedUp(dispatchId, MERCHANT, T0, Actor.engine(), rider));
        ledger.record(creation);
        ledger.record(assigned);
        ledger.record(pickedUp);

        ledger.record(creation);
        ledger.record(assigned);
        assertThat(ledger.current(dispatchId).orElseThrow().status()).isEqualTo(DispatchStatus.PICKED_UP);
        assertThat(ledger.heldBy(rider)).containsExactly(dispatchId);
    }

    @Test
    void deliveries_created_before_the_cut_are_forgotten() {
        ledger.record(envelope(1, created(null)));

        ledger.forgetCreatedBefore(T0.minus(Duration.ofDays(1)));
        assertThat(ledger.current(dispatchId)).isPresent();
        ledger.forgetCreatedBefore(T0.plusSeconds(1));
        assertThat(ledger.current(dispatchId)).isEmpty();
    }

    private DispatchCreated created(String zoneId) {
        return new DispatchCreated(
                dispatchId,
                MERCHANT,
                T0,
                Actor.engine(),
                new DispatchOrder(
                        "order-1",
                        "Achieng Otieno",
                        "+254 700 000 001",
                        new Stop("Kenyatta Ave 1", -1.2841, 36.8219, "Gate B"),
                        new Stop("Ngong Rd 12", null, null, null),
                        PaymentType.PREPAID,
                        0,
                        "KES",
                        null,
                        null),
                350,
                null,
                null,
                zoneId,
                Source.API,
                "token",
                "4821",
                new DecisionPolicy(zoneId == null ? "default" : zoneId, "MANUAL", 0));
    }

    private static EventEnvelope envelope(long sequence, DispatchEvent event) {
        return EventEnvelope.of(UUID.randomUUID(), sequence, event);
    }
}
