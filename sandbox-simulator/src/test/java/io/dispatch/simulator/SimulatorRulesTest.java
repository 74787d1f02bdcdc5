package io.dispatch.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.dispatch.events.GreatCircle;
import io.dispatch.simulator.settings.SimulatorEnabled;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.trip.DoorOutcome;
import io.dispatch.simulator.trip.RiderDesk;
import io.dispatch.simulator.trip.Route;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

/** The simulator's pure rules: the ride, who fails at the door, when it may run, its settings. */
class SimulatorRulesTest {

    @Test
    void a_ride_is_a_straight_line_at_the_given_speed() {
        Route route = new Route(-1.2841, 36.8233, -1.3001, 36.7833, 25);
        long meters = GreatCircle.distanceMeters(-1.2841, 36.8233, -1.3001, 36.7833);
        assertThat(route.distanceMeters()).isEqualTo(meters);
        assertThat(route.travelTime().toMillis()).isCloseTo(Math.round(meters / (25 / 3.6) * 1000), within(1L));
        assertThat(route.at(0)).isEqualTo(new Route.Point(-1.2841, 36.8233));
        assertThat(route.at(1)).isEqualTo(new Route.Point(-1.3001, 36.7833));
        assertThat(route.at(0.5).lat()).isCloseTo(-1.2921, within(1e-9));
        assertThat(route.at(0.5).lng()).isCloseTo(36.8033, within(1e-9));
        assertThat(route.at(7)).as("never past the dropoff").isEqualTo(route.at(1));
        assertThatThrownBy(() -> new Route(0, 0, 1, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void the_share_of_deliveries_failing_at_the_door_is_the_configured_one() {
        int n = 100_000;
        int failed = 0;
        int failedAtHalf = 0;
        for (int i = 0; i < n; i++) {
            UUID id = UUID.randomUUID();
            failed += DoorOutcome.failsAtTheDoor(id, 0.1) ? 1 : 0;
            failedAtHalf += DoorOutcome.failsAtTheDoor(id, 0.5) ? 1 : 0;
            assertThat(DoorOutcome.failsAtTheDoor(id, 0.1))
                    .as("the same id, the same outcome")
                    .isEqualTo(DoorOutcome.failsAtTheDoor(id, 0.1));
        }
        // binomial standard deviations: 0.00095 and 0.0016; these bounds are more than 10 of them
        assertThat(failed / (double) n).isCloseTo(0.1, within(0.01));
        assertThat(failedAtHalf / (double) n).isCloseTo(0.5, within(0.02));
        UUID any = UUID.randomUUID();
        assertThat(DoorOutcome.failsAtTheDoor(any, 0)).isFalse();
        assertThat(DoorOutcome.failsAtTheDoor(any, 1)).isTrue();
    }

    @Test
    void the_share_of_offers_declined_and_of_assignments_given_back_is_the_configured_one_and_fixed_per_id() {
        int n = 100_000;
        int declined = 0;
        int givenBack = 0;
        int givenBackAndFailing = 0;
        for (int i = 0; i < n; i++) {
            UUID offer = UUID.randomUUID();
            UUID delivery = UUID.randomUUID();
            UUID rider = UUID.randomUUID();
            declined += RiderDesk.declines(offer, 0.1) ? 1 : 0;
            boolean back = RiderDesk.givesBack(delivery, rider, 0.1);
            givenBack += back ? 1 : 0;
            givenBackAndFailing += back && DoorOutcome.failsAtTheDoor(delivery, 0.1) ? 1 : 0;
            assertThat(RiderDesk.declines(offer, 0.1)).isEqualTo(RiderDesk.declines(offer, 0.1));
        }
        assertThat(declined / (double) n).isCloseTo(0.1, within(0.01));
        assertThat(givenBack / (double) n).isCloseTo(0.1, within(0.01));
        assertThat(givenBackAndFailing / (double) n)
                .as("independent of the door's draw")
                .isCloseTo(0.01, within(0.003));
        UUID any = UUID.randomUUID();
        assertThat(RiderDesk.declines(any, 0)).isFalse();
        assertThat(RiderDesk.declines(any, 1)).isTrue();
        assertThat(RiderDesk.givesBack(any, any, 0)).isFalse();
        assertThat(RiderDesk.givesBack(any, UUID.randomUUID(), 1)).isTrue();
    }

    @Test
    void it_runs_only_when_switched_on_and_never_under_a_production_profile() {
        assertThat(SimulatorEnabled.enabled(new MockEnvironment())).isFalse();
        assertThat(SimulatorEnabled.enabled(new MockEnvironment().withProperty("dispatch.simulator.enabled", "true")))
                .isTrue();
        for (String profile : new String[] {"production", "prod"}) {
            MockEnvironment production = new MockEnvironment().withProperty("dispatch.simulator.enabled", "true");
            production.setActiveProfiles("eu-west", profile);
            assertThat(SimulatorEnabled.enabled(production)).as(profile).isFalse();
        }
        MockEnvironment staging = new MockEnvironment().withProperty("dispatch.simulator.enabled", "true");
        staging.setActiveProfiles("staging");
        assertThat(SimulatorEnabled.enabled(staging)).isTrue();
    }

    @Test
    void settings_have_defaults_scale_simulated_time_and_refuse_nonsense() {
        SimulatorProperties defaults =
                new SimulatorProperties(true, null, null, null, null, null, null, null, null, null, null);
        assertThat(defaults.riders()).isEqualTo(5);
        assertThat(defaults.timeScale()).isEqualTo(20.0);
        assertThat(defaults.failShare()).isEqualTo(0.1);
        assertThat(defaults.declineShare()).isEqualTo(0.1);
        assertThat(defaults.real(Duration.ofMinutes(10))).isEqualTo(Duration.ofSeconds(30));
        assertThatThrownBy(() -> new SimulatorProperties(true, 0, null, null, null, null, null, null, null, null, null))
                .hasMessageContaining("dispatch.simulator.riders");
        assertThatThrownBy(
                        () -> new SimulatorProperties(true, null, 0.0, null, null, null, null, null, null, null, null))
                .hasMessageContaining("dispatch.simulator.time-scale");
        assertThatThrownBy(
                        () -> new SimulatorProperties(true, null, null, 1.5, null, null, null, null, null, null, null))
                .hasMessageContaining("dispatch.simulator.fail-share");
        assertThatThrownBy(
                        () -> new SimulatorProperties(true, null, null, null, -0.1, null, null, null, null, null, null))
                .hasMessageContaining("dispatch.simulator.decline-share");
    }

    @Test
    void a_ride_to_another_continent_holds_a_simulated_rider_two_minutes_at_most() {
        SimulatorProperties defaults =
                new SimulatorProperties(true, null, null, null, null, null, null, null, null, null, null);
        Route acrossTheWorld = new Route(-1.2841, 36.8233, 45.41634, -75.6868, 25);
        assertThat(defaults.real(acrossTheWorld.travelTime())).isGreaterThan(Duration.ofHours(1));
        assertThat(defaults.realRide(acrossTheWorld.travelTime())).isEqualTo(SimulatorProperties.LONGEST_REAL_RIDE);
        assertThat(defaults.realRide(Duration.ofMinutes(10)))
                .as("a city ride keeps its time")
                .isEqualTo(defaults.real(Duration.ofMinutes(10)));
    }
}
