package io.dispatch.query.rider;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.RiderPositionReported;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RiderPositionRowsTest {

    private static final UUID AMINA = UUID.fromString("7c6b5a49-3827-4165-9e8d-7c6b5a493827");
    private static final UUID BARAKA = UUID.fromString("3a2b1c0d-9e8f-47a6-b5c4-d3e2f1a0b9c8");

    private static RiderPositionReported fix(UUID rider, double lat, String recorded) {
        Instant at = Instant.parse("2026-11-24T10:00:" + recorded + "Z");
        return new RiderPositionReported(rider, lat, 36.8, at, at, List.of());
    }

    @Test
    void a_poll_keeps_per_rider_the_newest_fix_whatever_the_order_they_came_in() {
        var newest = RiderPositionRows.newest(List.of(
                fix(AMINA, -1.1, "10"),
                fix(BARAKA, -2.1, "05"),
                fix(AMINA, -1.3, "30"),
                fix(AMINA, -1.2, "20"),
                fix(BARAKA, -2.0, "01")));
        assertThat(newest)
                .extracting(RiderPositionReported::riderId, RiderPositionReported::latitude)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(AMINA, -1.3),
                        org.assertj.core.groups.Tuple.tuple(BARAKA, -2.1));
    }

    @Test
    void of_two_fixes_recorded_at_the_same_time_the_later_one_wins_as_the_upsert_keeps_it() {
        var newest = RiderPositionRows.newest(List.of(fix(AMINA, -1.1, "10"), fix(AMINA, -1.9, "10")));
        assertThat(newest)
                .singleElement()
                .extracting(RiderPositionReported::latitude)
                .isEqualTo(-1.9);
    }
}
