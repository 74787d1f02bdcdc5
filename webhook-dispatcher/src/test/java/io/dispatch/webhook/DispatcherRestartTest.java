package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.events.EventEnvelope;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher is stopped while notifications are mid-retry and started again on the same
 * database: every notification ends SUCCEEDED with exactly the attempts the receiver saw.
 */
class DispatcherRestartTest {

    @Test
    void notifications_mid_retry_survive_a_restart_none_lost_none_attempted_twice() throws Exception {
        Map<String, Object> settings = RunningDispatcher.settings(
                Map.of("dispatch.webhook.retry.first-wait", "PT0.5S", "dispatch.webhook.retry.max-attempts", "5"));
        try (WebhookReceiver receiver = new WebhookReceiver().failingFirst(2)) {
            RunningDispatcher first = RunningDispatcher.start(settings);
            var merchant = first.newMerchant();
            assertThat(first.admin(
                                    "PUT",
                                    "/api/v1/admin/merchants/" + merchant.id() + "/webhook",
                                    "{\"url\":\"" + receiver.url() + "\"}")
                            .statusCode())
                    .isEqualTo(200);
            RunningDispatcher.publish(deliveries(merchant.id(), 30));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> first.jdbc()
                                    .queryForObject(
                                            "select count(*) from webhook.notifications where status = 'PENDING' and attempt_count >= 1",
                                            Long.class)
                            >= 10);
            first.close();
            long midRetry = RunningDispatcher.jdbc(settings)
                    .queryForObject(
                            "select count(*) from webhook.notifications where status = 'PENDING' and attempt_count >= 1",
                            Long.class);
            assertThat(midRetry)
                    .as("stopped while notifications were mid-retry")
                    .isPositive();

            RunningDispatcher.publish(deliveries(merchant.id(), 10)); // recorded only once it is back
            try (RunningDispatcher second = RunningDispatcher.start(settings)) {
                await().atMost(Duration.ofSeconds(30)).until(() -> countWhere(second, "status = 'SUCCEEDED'") == 40);
                assertThat(countWhere(second, "attempt_count = 3")).isEqualTo(40);
                List<String> ids =
                        second.jdbc().queryForList("select id::text from webhook.notifications", String.class);
                assertThat(ids)
                        .hasSize(40)
                        .allSatisfy(id ->
                                assertThat(receiver.requestsFor(id)).as(id).isEqualTo(3));
                assertThat(receiver.received()).hasSize(120);
            }
        }
    }

    private static List<EventEnvelope> deliveries(java.util.UUID merchantId, int count) {
        List<EventEnvelope> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            events.add(new TestEvents(merchantId).created());
        }
        return events;
    }

    private static long countWhere(RunningDispatcher dispatcher, String condition) {
        return dispatcher
                .jdbc()
                .queryForObject("select count(*) from webhook.notifications where " + condition, Long.class);
    }
}
