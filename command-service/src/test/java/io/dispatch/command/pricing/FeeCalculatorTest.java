package io.dispatch.command.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The fee and travel-time formulas against figures worked out by hand. */
class FeeCalculatorTest {

    /** 100.00 base, 50.00 a km, 200.00 at least; 1.3 detour at 18 km/h (5 m/s). */
    private static final PricingSchedule SCHEDULE = new PricingSchedule(10_000, 5_000, 20_000, 1.3, 18, 1800, 3600);

    @Test
    void the_fee_is_the_base_plus_the_distance_rounded_to_the_cent() {
        // 10,000 + 5,000 x 3 km = 25,000; 10,000 + 5,000 x 3.001 km = 25,005
        assertThat(FeeCalculator.feeCents(SCHEDULE, 3_000)).isEqualTo(25_000);
        assertThat(FeeCalculator.feeCents(SCHEDULE, 3_001)).isEqualTo(25_005);
        // 333 a km over 1.5 km = 499.5 cents, rounded half up
        PricingSchedule odd = new PricingSchedule(0, 333, 0, 1.3, 18, 1800, 3600);
        assertThat(FeeCalculator.feeCents(odd, 1_500)).isEqualTo(500);
    }

    @Test
    void a_short_trip_costs_the_minimum_fee() {
        // 10,000 + 5,000 x 1 km = 15,000, below the 20,000 minimum
        assertThat(FeeCalculator.feeCents(SCHEDULE, 1_000)).isEqualTo(20_000);
        assertThat(FeeCalculator.feeCents(SCHEDULE, 0)).isEqualTo(20_000);
    }

    @Test
    void the_travel_time_is_the_detoured_distance_at_the_average_speed() {
        // 3,000 m x 1.3 = 3,900 m at 5 m/s = 780 s
        assertThat(FeeCalculator.etaTravelSeconds(SCHEDULE, 3_000)).isEqualTo(780);
        assertThat(FeeCalculator.etaTravelSeconds(SCHEDULE, 0)).isZero();
    }

    @Test
    void the_distance_is_the_great_circle_one_in_whole_metres() {
        // one degree of latitude on a 6,371,008.8 m sphere: 2 pi R / 360 = 111,195.08 m
        assertThat(FeeCalculator.distanceMeters(-1.0, 36.8, -2.0, 36.8)).isEqualTo(111_195);
    }
}
