package io.dispatch.events.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventType;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one mapping from an event to the status it leads to, for every event type on the wire. */
class StatusAfterEventTest {

    @Test
    void every_event_type_leads_to_its_status_or_to_none() {
        Map<EventType, DispatchStatus> expected = new EnumMap<>(EventType.class);
        expected.put(EventType.DISPATCH_CREATED, DispatchStatus.NEW);
        expected.put(EventType.DISPATCH_ASSIGNED, DispatchStatus.ASSIGNED);
        expected.put(EventType.DISPATCH_PICKED_UP, DispatchStatus.PICKED_UP);
        expected.put(EventType.DISPATCH_EN_ROUTE, DispatchStatus.IN_TRANSIT);
        expected.put(EventType.DISPATCH_DELIVERED, DispatchStatus.DELIVERED);
        expected.put(EventType.DISPATCH_FAILED, DispatchStatus.FAILED);
        expected.put(EventType.DISPATCH_CANCELLED, DispatchStatus.CANCELLED);
        expected.put(EventType.DISPATCH_UNASSIGNED, DispatchStatus.NEW);
        for (EventType type : EventType.values()) {
            assertThat(DispatchStatus.after(GoldenSamples.of(type).event()))
                    .as(type.wireName())
                    .isEqualTo(Optional.ofNullable(expected.get(type)));
        }
    }
}
