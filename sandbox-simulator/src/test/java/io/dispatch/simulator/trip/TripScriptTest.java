package io.dispatch.simulator.trip;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Stop;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.trip.Deliveries.Delivery;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The trip script against a fake rider API: which calls a simulated rider makes, in which order,
 * and how the service's answers move the trip on. Time is the sum of the waits the script asks for.
 */
class TripScriptTest {

    private static final Stop PICKUP = new Stop("Kenyatta Ave 1", -1.2841, 36.8219, null);
    private static final Stop DROPOFF = new Stop("Ngong Rd 12", -1.3001, 36.7833, null);
    private static final UUID RIDER = UUID.randomUUID();

    private final FakeRiderService service = new FakeRiderService();
    private final SimulatedRider rider = new SimulatedRider(RIDER, "Sandbox Rider 1", RIDER.toString(), null);
    private final List<Duration> waits = new ArrayList<>();
    private long nanos;
    private int accepted;

    @Test
    void an_offer_is_accepted_ridden_in_a_straight_line_and_delivered_with_the_customers_pin() {
        UUID id = delivery(DispatchStatus.NEW, null);
        Trip trip = rideToTheEnd(id, rider, Stage.ACCEPTING, 0.0);

        assertThat(trip.stage()).isEqualTo(Stage.DELIVERED);
        assertThat(service.actions()).containsExactly("accept", "pickup", "depart", "deliver Achieng Otieno 4821");
        assertThat(service.deliveries.get(id).status()).isEqualTo(DispatchStatus.DELIVERED);
        assertThat(accepted).isEqualTo(1);
        assertThat(service.calls.get(1)).as("first at the pickup").isEqualTo("location -1.2841,36.8219");
        assertThat(service.calls.getLast()).isEqualTo("deliver Achieng Otieno 4821");
        assertThat(service.locations())
                .as("pickup, on the way, dropoff")
                .hasSizeGreaterThan(3)
                .endsWith("location -1.3001,36.7833");
        assertThat(waits)
                .as("pickup and hand-over at time scale 60")
                .contains(Duration.ofSeconds(3), Duration.ofSeconds(1));
        TripView view = trip.view(Instant.EPOCH);
        assertThat(view.speedKmh()).isEqualTo(25.0);
        assertThat(view.lastReported()).isEqualTo(new Route.Point(-1.3001, 36.7833));
        assertThat(view.detail()).isEqualTo("PIN proof");
    }

    @Test
    void a_rider_with_a_known_place_rides_to_the_pickup_first_at_the_zones_speed_over_the_detour() {
        UUID id = UUID.randomUUID();
        service.deliveries.put(
                id, new Delivery(id, DispatchStatus.NEW, null, PICKUP, DROPOFF, "Achieng Otieno", "4821", 25, 1.5));
        Route.Point start = new Route.Point(-1.2700, 36.8100);
        SimulatedRider away = new SimulatedRider(RIDER, "Sandbox Rider 1", RIDER.toString(), start);

        Trip trip = new Trip(id, away, Stage.ACCEPTING, Instant.EPOCH);
        run(trip, settings(0.0), stage -> stage == Stage.AT_PICKUP);
        // the step that arrives asks for the pickup time's wait (3 s real at time scale 60)
        long atPickup = nanos - Duration.ofSeconds(3).toNanos();
        run(trip, settings(0.0), stage -> false);

        assertThat(trip.stage()).isEqualTo(Stage.DELIVERED);
        assertThat(service.actions()).containsExactly("accept", "pickup", "depart", "deliver Achieng Otieno 4821");
        List<String> calls = service.calls;
        assertThat(calls.subList(0, calls.indexOf("pickup")))
                .as("on the way to the pickup, then at it, before the pickup is confirmed")
                .filteredOn(call -> call.startsWith("location"))
                .hasSizeGreaterThan(2)
                .endsWith("location -1.2841,36.8219");
        Route toPickup = new Route(start.lat(), start.lng(), PICKUP.lat(), PICKUP.lng(), 25);
        long straightNanos = toPickup.travelTime().toNanos() / 60;
        assertThat(atPickup)
                .as("the ride to the pickup takes the straight line x 1.5 at 25 km/h (time scale 60)")
                .isBetween(
                        Math.round(straightNanos * 1.5) - 2_000_000, Math.round(straightNanos * 1.5) + 1_100_000_000L);
    }

    @Test
    void a_pickup_in_another_city_is_not_ridden_to_the_rider_is_there_at_once() {
        UUID id = delivery(DispatchStatus.NEW, null);
        SimulatedRider inAccra =
                new SimulatedRider(RIDER, "Sandbox Rider 1", RIDER.toString(), new Route.Point(5.6037, -0.1870));

        Trip trip = new Trip(id, inAccra, Stage.ACCEPTING, Instant.EPOCH);
        run(trip, settings(0.0), stage -> stage == Stage.AT_PICKUP);

        assertThat(service.locations()).containsExactly("location -1.2841,36.8219");
        assertThat(nanos)
                .as("only the pickup time's wait")
                .isEqualTo(Duration.ofSeconds(3).toNanos());
    }

    @Test
    void a_reader_of_the_log_that_does_not_show_the_accept_yet_is_looked_at_again_before_the_ride() {
        UUID id = delivery(DispatchStatus.NEW, null);
        service.readsBehind(3);
        Trip trip = rideToTheEnd(id, rider, Stage.ACCEPTING, 0.0);

        assertThat(trip.stage()).isEqualTo(Stage.DELIVERED);
        assertThat(service.actions()).containsExactly("accept", "pickup", "depart", "deliver Achieng Otieno 4821");
        assertThat(waits.stream().filter(TripScript.CATCH_UP_WAIT::equals)).hasSize(3);
    }

    @Test
    void a_delivery_still_new_after_every_look_is_left() {
        UUID id = delivery(DispatchStatus.NEW, null);
        service.readsBehind(TripScript.CATCH_UP_LOOKS + 1);
        Trip trip = rideToTheEnd(id, rider, Stage.ACCEPTING, 0.0);

        assertThat(trip.stage()).isEqualTo(Stage.LEFT);
        assertThat(trip.detail()).startsWith("the delivery is NEW");
        assertThat(service.actions()).containsExactly("accept");
        assertThat(waits.stream().filter(TripScript.CATCH_UP_WAIT::equals)).hasSize(TripScript.CATCH_UP_LOOKS);
    }

    @Test
    void a_delivery_that_fails_at_the_door_is_failed_with_a_door_reason_and_a_detail() {
        UUID id = delivery(DispatchStatus.ASSIGNED, RIDER);
        Trip trip = rideToTheEnd(id, rider, Stage.STARTING, 1.0);

        assertThat(trip.stage()).isEqualTo(Stage.FAILED);
        assertThat(service.actions()).hasSize(3).startsWith("pickup", "depart");
        assertThat(service.actions().getLast())
                .matches("fail (CUSTOMER_UNREACHABLE|WRONG_ADDRESS|REFUSED) Sandbox simulator: .+");
        assertThat(service.actions().getLast()).startsWith("fail " + trip.detail() + " ");
        assertThat(service.deliveries.get(id).status()).isEqualTo(DispatchStatus.FAILED);
    }

    @Test
    void a_transient_answer_or_an_unreachable_service_is_tried_again_two_seconds_later() {
        UUID id = delivery(DispatchStatus.ASSIGNED, RIDER);
        service.answerFirst("pickup", 503);
        service.answerFirst("depart", -1, 500);
        Trip trip = rideToTheEnd(id, rider, Stage.STARTING, 0.0);

        assertThat(trip.stage()).isEqualTo(Stage.DELIVERED);
        assertThat(service.actions()).startsWith("pickup", "pickup", "depart", "depart", "depart");
        assertThat(waits.stream().filter(TripScript.RETRY_WAIT::equals)).hasSize(3);
    }

    @Test
    void a_rider_gives_up_when_a_step_still_fails_after_five_retries() {
        UUID id = delivery(DispatchStatus.PICKED_UP, RIDER);
        service.answerFirst("depart", 500, 500, 500, 500, 500, 500, 500);
        Trip trip = rideToTheEnd(id, rider, Stage.STARTING, 0.0);

        assertThat(trip.stage()).isEqualTo(Stage.GAVE_UP);
        assertThat(service.actions()).containsExactly("depart", "depart", "depart", "depart", "depart", "depart");
        assertThat(trip.detail()).isEqualTo("depart kept failing: 500 queued answer");
        assertThat(service.deliveries.get(id).status()).isEqualTo(DispatchStatus.PICKED_UP);
    }

    @Test
    void a_delivery_cancelled_while_the_rider_waits_at_the_pickup_interrupts_the_trip() {
        UUID id = delivery(DispatchStatus.NEW, null);
        Trip trip = new Trip(id, rider, Stage.ACCEPTING, Instant.EPOCH);
        TripScript script = run(trip, settings(0.0), stage -> stage == Stage.AT_PICKUP);

        service.setStatus(id, DispatchStatus.CANCELLED);
        run(trip, script, stage -> false);

        assertThat(trip.stage()).isEqualTo(Stage.INTERRUPTED);
        assertThat(trip.detail()).startsWith("pickup answered 409 ").contains("CANCELLED");
        assertThat(service.actions()).containsExactly("accept", "pickup");
    }

    @Test
    void a_delivery_that_is_not_the_riders_any_more_is_left_without_a_call() {
        UUID reassigned = delivery(DispatchStatus.ASSIGNED, UUID.randomUUID());
        UUID failed = delivery(DispatchStatus.FAILED, RIDER);

        for (UUID id : List.of(reassigned, failed)) {
            Trip trip = rideToTheEnd(id, rider, Stage.STARTING, 0.0);
            assertThat(trip.stage()).isEqualTo(Stage.LEFT);
        }
        assertThat(service.calls).isEmpty();
    }

    @Test
    void after_a_restart_a_rider_in_transit_rides_on_from_where_it_last_reported() {
        UUID id = delivery(DispatchStatus.IN_TRANSIT, RIDER);
        SimulatedRider halfway =
                new SimulatedRider(RIDER, "Sandbox Rider 1", RIDER.toString(), new Route.Point(-1.29, 36.8));
        Trip trip = rideToTheEnd(id, halfway, Stage.STARTING, 0.0);

        assertThat(trip.stage()).isEqualTo(Stage.DELIVERED);
        assertThat(service.actions()).containsExactly("deliver Achieng Otieno 4821");
        assertThat(service.locations().getFirst()).isEqualTo("location -1.29,36.8");
    }

    private UUID delivery(DispatchStatus status, UUID riderId) {
        UUID id = UUID.randomUUID();
        service.deliveries.put(
                id, new Delivery(id, status, riderId, PICKUP, DROPOFF, "Achieng Otieno", "4821", 25, 1.0));
        return id;
    }

    /** Time scale 60 (pickup 3 s, hand-over 1 s real), a report every real second; {@code failShare} 1 fails every delivery at the door. */
    private static SimulatorProperties settings(double failShare) {
        return new SimulatorProperties(
                true,
                1,
                60.0,
                failShare,
                0.0,
                Duration.ofSeconds(30),
                Duration.ofMinutes(3),
                Duration.ofMinutes(1),
                Duration.ofSeconds(1),
                null,
                null);
    }

    /** A trip of {@code simulated} from {@code start}, stepped until it ended. */
    private Trip rideToTheEnd(UUID id, SimulatedRider simulated, Stage start, double failShare) {
        Trip trip = new Trip(id, simulated, start, Instant.EPOCH);
        run(trip, settings(failShare), stage -> false);
        return trip;
    }

    private TripScript run(Trip trip, SimulatorProperties settings, Predicate<Stage> until) {
        TripScript script = new TripScript(service, service, settings, () -> nanos, () -> accepted++);
        run(trip, script, until);
        return script;
    }

    /** Steps the trip until it ended or reached a stage {@code until} accepts, letting each asked wait pass at once. */
    private void run(Trip trip, TripScript script, Predicate<Stage> until) {
        for (int step = 0; step < 10_000 && !trip.stage().ended() && !until.test(trip.stage()); step++) {
            Duration wait = script.step(trip);
            waits.add(wait);
            nanos += wait.toNanos();
        }
    }
}
