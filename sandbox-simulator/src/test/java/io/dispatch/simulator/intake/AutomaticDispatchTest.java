package io.dispatch.simulator.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.Source;
import io.dispatch.simulator.fleet.Fleet;
import io.dispatch.simulator.fleet.TripRunner;
import io.dispatch.simulator.ledger.LedgerWriter;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.status.Status;
import io.dispatch.simulator.trip.FakeRiderService;
import io.dispatch.simulator.trip.Route;
import io.dispatch.simulator.trip.SimulatedRider;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The simulator in automatic dispatch (decisions.md §14), from the events it reads to the rider
 * API calls it makes: the intake and the fleet on real timers, against the fake rider service.
 * At time scale 600 accept-after (PT5M) is half a second of real time and a ride about a second.
 */
class AutomaticDispatchTest {

    private static final UUID SANDBOX_MERCHANT = UUID.randomUUID();
    private static final Duration ACCEPT_AFTER_REAL = Duration.ofMillis(500);

    private final FakeRiderService service = new FakeRiderService();
    private final TripRunner runner = new TripRunner();
    private final Clock clock = Clock.systemUTC();
    private final UUID riderId = UUID.randomUUID();
    private final SimulatedRider rider = new SimulatedRider(riderId, "Sandbox Rider 1", riderId.toString(), null);
    private Fleet fleet;
    private DispatchIntake intake;
    private long sequence;

    @AfterEach
    void stopTimers() {
        runner.stop();
    }

    @Test
    void a_manual_creation_or_one_from_before_policies_goes_on_the_open_list_and_is_accepted_after_accept_after() {
        start(0.0, rider);
        UUID manual = service.newDelivery();
        UUID beforePolicies = service.newDelivery();
        long sent = System.nanoTime();
        receive(created(manual, "MANUAL"));
        receive(created(beforePolicies, null));

        await().atMost(Duration.ofSeconds(20)).until(() -> delivered(manual) && delivered(beforePolicies));
        assertThat(service.firstCalledAt.get("accept") - sent).isGreaterThanOrEqualTo(ACCEPT_AFTER_REAL.toNanos());
        assertThat(service.actions().stream().filter("accept"::equals)).hasSize(2);
        assertThat(service.actions()).noneMatch(call -> call.startsWith("acceptOffer"));
    }

    @Test
    void a_creation_under_an_automatic_mode_is_left_to_the_engine_and_never_taken_from_the_open_list() {
        start(0.0, rider);
        List<UUID> automatic = List.of(service.newDelivery(), service.newDelivery(), service.newDelivery());
        receive(created(automatic.get(0), "BROADCAST"));
        receive(created(automatic.get(1), "RANKED"));
        receive(created(automatic.get(2), "AUTO_ASSIGN"));
        UUID manual = service.newDelivery();
        receive(created(manual, "MANUAL"));

        // had the automatic ones been on the open list, the one rider would have taken the oldest first
        await().atMost(Duration.ofSeconds(20)).until(() -> delivered(manual));
        assertThat(service.actions().stream().filter("accept"::equals)).hasSize(1);
        automatic.forEach(id -> assertThat(service.deliveries.get(id).status()).isEqualTo(DispatchStatus.NEW));
        assertThat(fleet.status().waiting()).isEmpty();
    }

    @Test
    void the_engines_other_decisions_do_not_take_a_manual_delivery_off_the_open_list() {
        start(0.0, rider);
        UUID manual = service.newDelivery();
        receive(created(manual, "MANUAL"));
        receive(new NoRiderFound(
                manual, SANDBOX_MERCHANT, clock.instant(), Actor.engine(), "MANUAL", policy("MANUAL"), List.of()));
        receive(new OfferExpired(
                manual, SANDBOX_MERCHANT, clock.instant(), Actor.engine(), UUID.randomUUID(), UUID.randomUUID()));

        await().atMost(Duration.ofSeconds(20)).until(() -> delivered(manual));
    }

    @Test
    void an_offer_to_a_simulated_rider_is_accepted_after_accept_after_and_carried_when_none_are_declined() {
        start(0.0, rider);
        UUID id = service.newDelivery();
        UUID offerId = service.offer(id, riderId);
        long sent = System.nanoTime();
        receive(offered(id, offerId, riderId));

        await().atMost(Duration.ofSeconds(20)).until(() -> delivered(id));
        assertThat(service.firstCalledAt.get("acceptOffer") - sent).isGreaterThanOrEqualTo(ACCEPT_AFTER_REAL.toNanos());
        assertThat(service.offers.get(offerId).status()).isEqualTo("ACCEPTED");
        assertThat(service.actions()).doesNotContain("accept").noneMatch(call -> call.startsWith("declineOffer"));
        assertThat(fleet.status().offers()).isEqualTo(new Status.OfferCounts(1, 0, 0, 0, 0, 0));
    }

    @Test
    void an_offer_to_a_simulated_rider_is_declined_when_every_offer_is() {
        start(1.0, rider);
        UUID id = service.newDelivery();
        UUID offerId = service.offer(id, riderId);
        receive(offered(id, offerId, riderId));

        await().atMost(Duration.ofSeconds(10))
                .until(() -> fleet.status().offers().declined() == 1);
        assertThat(service.offers.get(offerId).status()).isEqualTo("DECLINED");
        assertThat(service.actions()).contains("declineOffer " + offerId).noneMatch(call -> call.startsWith("accept"));
        assertThat(service.deliveries.get(id).status()).isEqualTo(DispatchStatus.NEW);
    }

    @Test
    void an_offer_gone_before_the_rider_answers_is_counted_and_left_alone() {
        start(0.0, rider);
        UUID id = service.newDelivery();
        UUID offerId = service.offer(id, riderId);
        UUID someoneElse = UUID.randomUUID();
        UUID othersOffer = service.offer(id, someoneElse);
        service.closeOffer(offerId, "EXPIRED");
        receive(offered(id, offerId, riderId));
        receive(offered(id, othersOffer, someoneElse));

        await().atMost(Duration.ofSeconds(10))
                .until(() -> fleet.status().offers().gone() == 1);
        assertThat(fleet.status().offers()).isEqualTo(new Status.OfferCounts(0, 0, 1, 0, 0, 0));
        assertThat(fleet.status().activeTrips()).isEmpty();
        assertThat(service.actions())
                .containsOnlyOnce("acceptOffer " + offerId)
                .doesNotContain("acceptOffer " + othersOffer, "pickup");
    }

    @Test
    void an_automatic_assignment_is_given_back_after_accept_after_when_every_one_is() {
        start(1.0, rider);
        UUID id = service.newDelivery();
        long sent = System.nanoTime();
        assignAutomatically(id);

        await().atMost(Duration.ofSeconds(10))
                .until(() -> fleet.status().offers().givenBack() == 1);
        assertThat(service.firstCalledAt.get("giveBack") - sent).isGreaterThanOrEqualTo(ACCEPT_AFTER_REAL.toNanos());
        assertThat(service.deliveries.get(id).status()).isEqualTo(DispatchStatus.NEW);
        assertThat(service.actions()).contains("giveBack " + id).doesNotContain("pickup");
        assertThat(fleet.status().activeTrips()).isEmpty();
    }

    @Test
    void an_automatic_assignment_is_carried_to_the_door_when_none_are_given_back() {
        start(0.0, rider);
        UUID id = service.newDelivery();
        assignAutomatically(id);

        await().atMost(Duration.ofSeconds(20)).until(() -> delivered(id));
        assertThat(service.actions()).noneMatch(call -> call.startsWith("giveBack"));
        assertThat(fleet.status().offers().kept()).isEqualTo(1);
    }

    @Test
    void riders_go_on_shift_and_report_where_they_are_at_the_start_and_go_off_shift_at_a_pause() {
        UUID seenId = UUID.randomUUID();
        SimulatedRider seen =
                new SimulatedRider(seenId, "Sandbox Rider 2", seenId.toString(), new Route.Point(-1.3, 36.8));
        start(0.0, rider, seen);

        await().atMost(Duration.ofSeconds(10))
                .until(() -> service.locations().size() == 2
                        && service.calls.containsAll(List.of("shift ON " + riderId, "shift ON " + seenId)));
        assertThat(service.locations()).contains("location -1.3,36.8");
        String[] nearTheCentre = service.locations().stream()
                .filter(call -> !call.equals("location -1.3,36.8"))
                .findFirst()
                .orElseThrow()
                .substring("location ".length())
                .split(",");
        assertThat(Double.parseDouble(nearTheCentre[0])).isBetween(-1.2964, -1.2764);
        assertThat(Double.parseDouble(nearTheCentre[1])).isBetween(36.8072, 36.8272);

        fleet.pause();
        assertThat(service.calls).contains("shift OFF " + riderId, "shift OFF " + seenId);
    }

    /** Time scale 600: accept-after (PT5M) half a second, pickup and hand-over a tenth, reports every 100 ms. */
    private void start(double declineShare, SimulatedRider... riders) {
        SimulatorProperties settings = new SimulatorProperties(
                true,
                riders.length,
                600.0,
                0.0,
                declineShare,
                Duration.ofMinutes(5),
                Duration.ofMinutes(1),
                Duration.ofMinutes(1),
                Duration.ofMillis(100),
                null,
                null);
        fleet = new Fleet(settings, () -> List.of(riders), service, runner, clock);
        intake = new DispatchIntake(settings, SANDBOX_MERCHANT::equals, LedgerWriter.NONE, fleet, runner, clock);
        fleet.start(service);
    }

    private void assignAutomatically(UUID id) {
        service.assignAutomatically(id, riderId);
        receive(new RiderAutoAssigned(
                id,
                SANDBOX_MERCHANT,
                clock.instant(),
                Actor.engine(),
                riderId,
                policy("AUTO_ASSIGN"),
                List.of(),
                "best"));
        receive(new RiderAssigned(id, SANDBOX_MERCHANT, clock.instant(), Actor.engine(), riderId, null));
    }

    private boolean delivered(UUID id) {
        return service.deliveries.get(id).status() == DispatchStatus.DELIVERED;
    }

    private void receive(DispatchEvent event) {
        EventEnvelope envelope = EventEnvelope.of(UUID.randomUUID(), sequence++, event);
        intake.on(new ConsumerRecord<>(
                "dispatch-events", 0, sequence, event.dispatchId().toString(), envelope));
    }

    private DispatchOffered offered(UUID id, UUID offerId, UUID to) {
        return new DispatchOffered(
                id,
                SANDBOX_MERCHANT,
                clock.instant(),
                Actor.engine(),
                offerId,
                to,
                clock.instant().plusSeconds(30),
                policy("RANKED"),
                List.of(),
                "nearest");
    }

    private DispatchCreated created(UUID id, String mode) {
        Instant now = clock.instant();
        var delivery = service.deliveries.get(id);
        return new DispatchCreated(
                id,
                SANDBOX_MERCHANT,
                now,
                Actor.merchant(SANDBOX_MERCHANT),
                new DispatchOrder(
                        null,
                        delivery.customerName(),
                        "+254 700 000 001",
                        delivery.pickup(),
                        delivery.dropoff(),
                        PaymentType.PREPAID,
                        0,
                        "KES",
                        null,
                        null),
                25_000,
                null,
                null,
                "nairobi-cbd",
                Source.API,
                "track",
                delivery.pin(),
                mode == null ? null : policy(mode));
    }

    private static DecisionPolicy policy(String mode) {
        return new DecisionPolicy("nairobi-cbd", mode, 1);
    }
}
