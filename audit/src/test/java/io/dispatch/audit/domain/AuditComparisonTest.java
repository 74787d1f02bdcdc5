package io.dispatch.audit.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.StatusTransition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The audit's comparisons, without Spring or a database: what agrees, and how a difference is named. */
class AuditComparisonTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final UUID DISPATCH = UUID.fromString("5b0a4c1e-7d2f-4c3a-9e8b-1f2d3c4b5a60");
    private static final UUID MERCHANT = UUID.fromString("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0");
    private static final UUID RIDER = UUID.fromString("7c6b5a49-3827-4165-9e8d-7c6b5a493827");
    private static final Instant T0 = Instant.parse("2026-11-21T10:15:30.123Z");

    private static final List<EventEnvelope> EVENTS = List.of(
            envelope(
                    0,
                    new DispatchCreated(
                            DISPATCH,
                            MERCHANT,
                            T0,
                            Actor.merchant(MERCHANT),
                            "ORD-1",
                            "Wanjiku Kamau",
                            "+254712345678",
                            new Stop("Kimathi Street 12", -1.2841, 36.8233, null),
                            new Stop("Ngong Road 221", -1.3001, 36.7807, null),
                            PaymentType.COD,
                            250000,
                            24000,
                            "KES",
                            null,
                            null,
                            "nairobi-cbd",
                            Source.API,
                            "trk_abc",
                            "4821")),
            envelope(1, new RiderAssigned(DISPATCH, MERCHANT, T0.plusSeconds(60), Actor.rider(RIDER), RIDER, null)),
            envelope(
                    2,
                    new RiderLocationUpdated(
                            DISPATCH,
                            MERCHANT,
                            T0.plusSeconds(90),
                            Actor.rider(RIDER),
                            RIDER,
                            -1.29,
                            36.8,
                            T0.plusSeconds(89))),
            envelope(3, new DispatchPickedUp(DISPATCH, MERCHANT, T0.plusSeconds(120), Actor.rider(RIDER), RIDER)),
            envelope(
                    4,
                    new DispatchFailed(
                            DISPATCH,
                            MERCHANT,
                            T0.plusSeconds(180),
                            Actor.operator("ops-amina"),
                            FailureReason.DAMAGED,
                            "Crushed")));
    private static final DispatchView FOLDED = DispatchView.fold(EVENTS).orElseThrow();

    private static EventEnvelope envelope(long sequence, DispatchEvent event) {
        return EventEnvelope.of(new UUID(0xE0, sequence), sequence, event);
    }

    private static DeliveryRow row(DispatchView view, String body) {
        return new DeliveryRow(
                view.merchantId().toString(),
                view.status().name(),
                view.source().wireName(),
                view.trackingToken(),
                view.createdAt(),
                view.updatedAt(),
                view.sequence(),
                view.pickup().lat(),
                view.pickup().lng(),
                body);
    }

    private static List<String> named(List<Difference> differences) {
        List<String> named = new ArrayList<>();
        differences.forEach(d -> named.add(d.view() + " " + d.field() + " " + d.fromEvents() + " " + d.readModel()));
        return named;
    }

    @Test
    void a_row_written_from_the_same_fold_agrees_whatever_the_spelling_of_its_numbers_and_times() {
        ObjectNode body = JSON.valueToTree(FOLDED);
        body.put("amountCents", 250000.0);
        body.put("createdAt", "2026-11-21T13:15:30.123+03:00");
        body.remove("pinGuesses"); // a view stored before the PIN guard: the reader fills it in
        assertThat(new DeliveryComparison(JSON).compare(FOLDED, Optional.of(row(FOLDED, body.toString()))))
                .isEmpty();
    }

    @Test
    void each_changed_body_field_and_column_copy_is_named_with_both_values() {
        ObjectNode body = JSON.valueToTree(FOLDED);
        body.put("status", "DELIVERED");
        ((ObjectNode) body.get("pickup")).put("lat", -1.5);
        DeliveryRow stored = new DeliveryRow(
                MERCHANT.toString(),
                "CANCELLED",
                "api",
                "trk_abc",
                T0,
                FOLDED.updatedAt(),
                3,
                -1.2841,
                36.8233,
                body.toString());
        assertThat(named(new DeliveryComparison(JSON).compare(FOLDED, Optional.of(stored))))
                .containsExactly(
                        "delivery columns.status \"FAILED\" \"CANCELLED\"",
                        "delivery columns.last_sequence 4 3",
                        "delivery status \"FAILED\" \"DELIVERED\"",
                        "delivery pickup.lat -1.2841 -1.5");
    }

    @Test
    void a_missing_row_is_one_difference_and_an_unreadable_body_is_compared_as_it_stands() {
        List<Difference> missing = new DeliveryComparison(JSON).compare(FOLDED, Optional.empty());
        assertThat(missing).hasSize(1);
        assertThat(missing.getFirst().field()).isEqualTo("*");
        assertThat(missing.getFirst().readModel()).isNull();
        assertThat(missing.getFirst().fromEvents().get("status").stringValue()).isEqualTo("FAILED");

        ObjectNode body = JSON.valueToTree(FOLDED);
        body.put("status", "LOST");
        assertThat(named(new DeliveryComparison(JSON).compare(FOLDED, Optional.of(row(FOLDED, body.toString())))))
                .containsExactly("delivery status \"FAILED\" \"LOST\"");
    }

    @Test
    void the_history_holds_one_entry_per_status_transition_and_none_for_a_location_update() {
        List<StatusTransition> expected = HistoryComparison.expected(EVENTS);
        assertThat(expected).extracting(StatusTransition::sequence).containsExactly(0L, 1L, 3L, 4L);
        assertThat(expected.get(0))
                .isEqualTo(new StatusTransition(0, "NEW", null, T0, "merchant", MERCHANT.toString(), null, null));
        assertThat(expected.get(2).previousStatus()).isEqualTo("ASSIGNED");
        assertThat(expected.get(3))
                .isEqualTo(new StatusTransition(
                        4, "FAILED", "PICKED_UP", T0.plusSeconds(180), "operator", "ops-amina", "DAMAGED", "Crushed"));
        assertThat(new HistoryComparison(JSON).compare(expected, expected)).isEmpty();
    }

    @Test
    void history_entries_are_named_by_sequence_missing_extra_or_changed() {
        List<StatusTransition> expected = HistoryComparison.expected(EVENTS);
        List<StatusTransition> stored = new ArrayList<>(expected);
        stored.remove(2);
        StatusTransition failed = stored.remove(2);
        stored.add(new StatusTransition(
                4, "FAILED", "PICKED_UP", failed.occurredAt(), "operator", "ops-amina", "REFUSED", "Crushed"));
        stored.add(new StatusTransition(2, "ASSIGNED", "ASSIGNED", T0, "rider", RIDER.toString(), null, null));
        List<String> differences = named(new HistoryComparison(JSON).compare(expected, stored));
        assertThat(differences).hasSize(3);
        assertThat(differences.get(0)).startsWith("history history[2] null {");
        assertThat(differences.get(1)).startsWith("history history[3] {").endsWith(" null");
        assertThat(differences.get(2)).isEqualTo("history history[4].reasonCode \"DAMAGED\" \"REFUSED\"");
    }

    @Test
    void webhooks_compare_both_records_at_millisecond_precision_and_name_a_foreign_source_event() {
        WebhookNotification.State delivered = new WebhookNotification.State(
                MERCHANT,
                "dispatch.assigned",
                "SUCCEEDED",
                1,
                204,
                null,
                null,
                T0.plusNanos(456_000),
                T0.plusSeconds(61).plusNanos(789_000));
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        UUID orphan = UUID.randomUUID();
        List<WebhookNotification> dispatcher = List.of(
                new WebhookNotification(first, EVENTS.get(1).eventId(), 1L, delivered),
                new WebhookNotification(second, UUID.randomUUID(), 3L, delivered));
        WebhookNotification.State shown = delivered.atMillis();
        WebhookComparison comparison = new WebhookComparison(JSON);
        assertThat(comparison.compare(
                        EVENTS, dispatcher.subList(0, 1), List.of(new WebhookNotification(first, null, null, shown))))
                .isEmpty();

        List<String> differences = named(comparison.compare(
                EVENTS,
                dispatcher,
                List.of(
                        new WebhookNotification(
                                first,
                                null,
                                null,
                                new WebhookNotification.State(
                                        MERCHANT,
                                        "dispatch.assigned",
                                        "PENDING",
                                        0,
                                        null,
                                        null,
                                        T0,
                                        shown.createdAt(),
                                        shown.updatedAt())),
                        new WebhookNotification(orphan, null, null, shown))));
        assertThat(differences).hasSize(7);
        assertThat(differences.subList(0, 3))
                .containsExactly(
                        "webhooks webhooks[" + first + "].status \"SUCCEEDED\" \"PENDING\"",
                        "webhooks webhooks[" + first + "].attemptCount 1 0",
                        "webhooks webhooks[" + first + "].lastHttpStatus 204 null");
        assertThat(differences.get(3))
                .startsWith("webhooks webhooks[" + first + "].nextAttemptAt null \"2026-11-21T10:15:30");
        assertThat(differences.get(4)).startsWith("webhooks webhooks[" + second + "].sourceEvent null {");
        // missing from the read model, or only there: reported whole
        assertThat(differences.get(5))
                .startsWith("webhooks webhooks[" + second + "] {")
                .endsWith(" null");
        assertThat(differences.get(6)).startsWith("webhooks webhooks[" + orphan + "] null {");
    }
}
