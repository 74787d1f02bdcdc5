package io.dispatch.query.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.NotificationStatus;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.query.QueryServiceContext;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The webhook-attempts projection keeps each notification at its highest revision, whatever the order. */
class WebhookAttemptProjectionTest extends QueryServiceContext {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00.000Z");

    @Autowired
    WebhookAttemptProjection projection;

    @Autowired
    WebhookAttemptRows rows;

    @Test
    void repeated_and_older_reports_change_nothing_and_notifications_list_oldest_first() {
        UUID dispatch = UUID.randomUUID();
        UUID merchant = UUID.randomUUID();
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        EventEnvelope created = report(dispatch, merchant, first, 1, NotificationStatus.PENDING, 0, null, null, T0);
        EventEnvelope failedOnce =
                report(dispatch, merchant, first, 2, NotificationStatus.PENDING, 1, 503, "HTTP 503", T0.plusSeconds(5));
        EventEnvelope succeeded =
                report(dispatch, merchant, first, 3, NotificationStatus.SUCCEEDED, 2, 200, null, T0.plusSeconds(10));
        EventEnvelope later =
                report(dispatch, merchant, second, 1, NotificationStatus.PENDING, 0, null, null, T0.plusSeconds(60));

        long offset = 0;
        for (EventEnvelope event : List.of(later, created, succeeded, failedOnce, succeeded, created)) {
            projection.apply(event, 0, offset++);
        }

        List<WebhookAttemptRows.Notification> listed =
                rows.of(dispatch, merchant).collectList().block();
        assertThat(listed).extracting(WebhookAttemptRows.Notification::id).containsExactly(first, second);
        assertThat(listed.getFirst())
                .isEqualTo(new WebhookAttemptRows.Notification(
                        first, "dispatch.created", "SUCCEEDED", 2, 200, null, null, T0, T0.plusSeconds(10)));
        assertThat(listed.get(1).nextAttemptAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(rows.of(dispatch, UUID.randomUUID()).collectList().block())
                .as("another merchant sees none")
                .isEmpty();
    }

    private static EventEnvelope report(
            UUID dispatch,
            UUID merchant,
            UUID notification,
            long revision,
            NotificationStatus status,
            int attempts,
            Integer http,
            String error,
            Instant at) {
        Instant created = revision == 1 ? at : T0; // every notification here was created at its first report
        return EventEnvelope.of(
                UUID.nameUUIDFromBytes((notification + "#" + revision).getBytes()),
                revision,
                new WebhookAttemptRecorded(
                        dispatch,
                        merchant,
                        at,
                        Actor.system(),
                        notification,
                        "dispatch.created",
                        status,
                        attempts,
                        http,
                        error,
                        status == NotificationStatus.PENDING ? at : null,
                        created));
    }
}
