package io.dispatch.webhook.sending;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EndpointLanesTest {

    private final EndpointLanes lanes = new EndpointLanes(64, 8);
    private final UUID throttling = UUID.randomUUID();
    private final UUID other = UUID.randomUUID();

    @Test
    void an_endpoint_answering_429_gets_fewer_attempts_at_once_down_to_one_and_the_others_keep_theirs() {
        assertThat(slots(throttling)).isEqualTo(8);
        for (int i = 0; i < 5; i++) {
            lanes.tryEnter(throttling).orElseThrow().close(EndpointLanes.Signal.THROTTLED);
        }
        assertThat(lanes.width(throttling)).isEqualTo(1);
        assertThat(slots(throttling)).isEqualTo(1);
        assertThat(lanes.narrowed()).isEqualTo(1);
        assertThat(slots(other)).isEqualTo(8);
    }

    @Test
    void an_endpoint_that_recovers_under_load_is_widened_again_one_step_at_a_time_up_to_the_maximum() {
        lanes.tryEnter(throttling).orElseThrow().close(EndpointLanes.Signal.THROTTLED);
        lanes.tryEnter(throttling).orElseThrow().close(EndpointLanes.Signal.THROTTLED);
        int narrowed = lanes.width(throttling);
        assertThat(narrowed).isEqualTo(2);
        List<Integer> widths = new ArrayList<>();
        for (int round = 0; round < 10 && lanes.width(throttling) < 8; round++) {
            // a backlog: the lane is full, and every attempt of the round succeeds
            List<EndpointLanes.Slot> held = new ArrayList<>();
            Optional<EndpointLanes.Slot> slot;
            while ((slot = lanes.tryEnter(throttling)).isPresent()) {
                held.add(slot.get());
            }
            held.forEach(s -> s.close(EndpointLanes.Signal.SUCCEEDED));
            widths.add(lanes.width(throttling));
        }
        assertThat(widths).isSorted().last().isEqualTo(8);
        assertThat(widths.getFirst()).isGreaterThan(narrowed);
        assertThat(lanes.narrowed()).isZero();
    }

    @Test
    void other_failures_change_nothing() {
        for (int i = 0; i < 5; i++) {
            lanes.tryEnter(throttling).orElseThrow().close(EndpointLanes.Signal.OTHER);
        }
        assertThat(lanes.width(throttling)).isEqualTo(8);
    }

    /** How many attempts can enter the lane at once now; all are closed again without news. */
    private int slots(UUID merchant) {
        List<EndpointLanes.Slot> held = new ArrayList<>();
        Optional<EndpointLanes.Slot> slot;
        while ((slot = lanes.tryEnter(merchant)).isPresent()) {
            held.add(slot.get());
        }
        assertThat(lanes.freeSlots()).containsEntry(merchant, 0);
        held.forEach(s -> s.close(EndpointLanes.Signal.OTHER));
        return held.size();
    }
}
