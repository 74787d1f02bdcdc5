package io.dispatch.command.rider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmPickup;
import io.dispatch.command.dispatch.domain.DispatchCommands.DepartForDropoff;
import io.dispatch.command.dispatch.domain.DispatchCommands.FailDispatch;
import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.events.Actor;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.RiderAccounts.Position;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Location fixes against the real event store and broker: the rider workload follows the
 * lifecycle in the events' own transaction, every fix is kept, and the location event is
 * emitted at most once per interval per rider, again once the interval has passed.
 */
class RiderLocationsTest extends CommandServiceIntegrationTest {

    private static final Stop PICKUP = new Stop("Kenyatta Ave", -1.2841, 36.8219, null);
    private static final Stop DROPOFF = new Stop("Westlands", -1.2676, 36.8108, null);

    @Autowired
    DispatchCreation dispatches;

    @Autowired
    RiderAccounts riders;

    @Autowired
    RiderWorkload workload;

    @Autowired
    CommandGateway commands;

    @Autowired
    EventStore events;

    @Autowired
    KafkaTemplate<String, RiderPositionReported> positions;

    @Autowired
    Clock clock;

    private UUID created() {
        DispatchOrder order = new DispatchOrder(
                null, "Amina", "+254700000001", PICKUP, DROPOFF, PaymentType.PREPAID, 0, "KES", null, null);
        UUID merchant = UUID.randomUUID();
        return dispatches
                .create(merchant, order, Source.API, Actor.merchant(merchant))
                .block()
                .view()
                .dispatchId();
    }

    private long locationEvents(UUID dispatchId) {
        return events.readEvents(dispatchId.toString())
                .asStream()
                .filter(e -> e.getPayload() instanceof RiderLocationUpdated)
                .count();
    }

    private static Position at(double lat) {
        return new Position(lat, 36.82, Instant.now());
    }

    @Test
    void the_workload_follows_assignment_reassignment_and_the_end_of_a_delivery() {
        UUID first = riders.createRider("First", "+254700000010").id();
        UUID second = riders.createRider("Second", "+254700000011").id();
        UUID id = created();
        assertThat(workload.activeDeliveries(first)).doesNotContain(id);
        commands.sendAndWait(new AssignRider(id, first, Actor.rider(first)));
        assertThat(workload.activeDeliveries(first)).containsExactly(id);
        commands.sendAndWait(new AssignRider(id, second, Actor.operator("ops")));
        assertThat(workload.activeDeliveries(first)).isEmpty();
        assertThat(workload.activeDeliveries(second)).containsExactly(id);
        commands.sendAndWait(new ConfirmPickup(id, second));
        commands.sendAndWait(new DepartForDropoff(id, second));
        assertThat(workload.activeDeliveries(second)).containsExactly(id);
        commands.sendAndWait(new FailDispatch(id, Actor.rider(second), FailureReason.REFUSED, null));
        assertThat(workload.activeDeliveries(second)).isEmpty();
    }

    @Test
    void many_fixes_give_one_location_event_per_interval_and_every_fix_is_kept() throws Exception {
        Duration interval = Duration.ofMillis(700);
        RiderLocations locations =
                new RiderLocations(riders, workload, commands, positions, clock, new LocationProperties(interval));
        UUID rider = riders.createRider("Tracked", "+254700000012").id();
        UUID a = created();
        UUID b = created();
        commands.sendAndWait(new AssignRider(a, rider, Actor.rider(rider)));
        commands.sendAndWait(new AssignRider(b, rider, Actor.rider(rider)));

        Instant start = clock.instant();
        int emitted = 0;
        for (int i = 0; i < 10; i++) {
            var reported = locations.report(rider, at(-1.28 + i * 0.001));
            assertThat(reported.dispatchIds()).containsExactlyInAnyOrder(a, b);
            emitted += reported.eventsEmitted() ? 1 : 0;
        }
        // A slow machine may cross one interval boundary within the burst, never more than elapsed time allows.
        long intervalsElapsed = Duration.between(start, clock.instant()).toMillis() / interval.toMillis();
        assertThat(emitted).isBetween(1, (int) intervalsElapsed + 1);
        assertThat(locationEvents(a)).isEqualTo(emitted);
        assertThat(locationEvents(b)).isEqualTo(emitted);
        assertThat(riders.find(rider).orElseThrow().lastPosition().latitude()).isEqualTo(-1.28 + 9 * 0.001);

        int before = emitted;
        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> locations.report(rider, at(-1.27)).eventsEmitted());
        assertThat(locationEvents(a)).isEqualTo(before + 1);

        RiderLocations.Reported idle = new RiderLocations(
                        riders, workload, commands, positions, clock, new LocationProperties(interval))
                .report(riders.createRider("Idle", "+254700000013").id(), at(-1.26));
        assertThat(idle.dispatchIds()).isEmpty();
        assertThat(idle.eventsEmitted()).isFalse();
    }

    @Test
    void an_older_fix_does_not_replace_a_newer_one() {
        UUID rider = riders.createRider("Late", "+254700000014").id();
        Instant now = Instant.now();
        riders.recordPosition(rider, new Position(1, 1, now));
        riders.recordPosition(rider, new Position(2, 2, now.minusSeconds(30)));
        assertThat(riders.find(rider).orElseThrow().lastPosition().latitude()).isEqualTo(1);
        assertThat(List.of(
                        riders.claimLocationEvent(rider, Duration.ofMinutes(1)),
                        riders.claimLocationEvent(rider, Duration.ofMinutes(1))))
                .containsExactly(true, false);
    }
}
