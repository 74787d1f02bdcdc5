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
 * A merchant whose endpoint takes requests and does not answer them holds only its own slots:
 * another merchant's notifications go out at once meanwhile.
 */
class EndpointIsolationTest {

    @Test
    void a_hundred_notifications_to_a_black_hole_do_not_delay_another_merchants_webhooks() throws Exception {
        try (RunningDispatcher dispatcher = RunningDispatcher.start(RunningDispatcher.settings(Map.of(
                        "dispatch.webhook.response-timeout",
                        "PT30S",
                        "dispatch.webhook.max-in-flight-per-endpoint",
                        "4",
                        "dispatch.webhook.max-in-flight",
                        "16")));
                WebhookReceiver blackHole = new WebhookReceiver().delaying(Duration.ofMinutes(5));
                WebhookReceiver healthy = new WebhookReceiver()) {
            var stuck = dispatcher.newMerchant();
            var fine = dispatcher.newMerchant();
            dispatcher.register(stuck.id(), blackHole.url());
            dispatcher.register(fine.id(), healthy.url());

            List<EventEnvelope> toBlackHole = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                toBlackHole.add(new TestEvents(stuck.id()).created());
            }
            RunningDispatcher.publish(toBlackHole);
            await().atMost(Duration.ofSeconds(10)).until(() -> blackHole.holding() == 4);

            List<EventEnvelope> toHealthy = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                toHealthy.add(new TestEvents(fine.id()).created());
            }
            long sent = System.nanoTime();
            RunningDispatcher.publish(toHealthy);
            await().atMost(Duration.ofSeconds(5)).until(() -> healthy.received().size() == 20);
            long slowestMillis = (healthy.received().stream()
                                    .mapToLong(WebhookReceiver.Received::atNanos)
                                    .max()
                                    .orElseThrow()
                            - sent)
                    / 1_000_000;

            assertThat(slowestMillis).as("all 20 healthy webhooks within 3 s").isLessThan(3_000);
            assertThat(blackHole.holding())
                    .as("the black hole holds only its endpoint's slots")
                    .isEqualTo(4);
            assertThat(dispatcher
                            .jdbc()
                            .queryForObject(
                                    "select count(*) from webhook.notifications where merchant_id = ? and attempt_count = 0 and lease_until is null",
                                    Long.class,
                                    stuck.id()))
                    .as("the rest wait their turn")
                    .isEqualTo(96);
            blackHole.close(); // the held attempts fail at once, so the context closes without waiting for them
        }
    }
}
