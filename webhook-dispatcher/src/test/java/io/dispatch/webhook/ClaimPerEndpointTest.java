package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.events.EventEnvelope;
import io.dispatch.webhook.notification.NotificationClaims;
import io.dispatch.webhook.notification.NotificationClaims.Claimed;
import io.dispatch.webhook.sending.WebhookSender;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A claim is a set of per-endpoint queues (ADR 0033): it leases no more of an endpoint's due
 * notifications than its lane has free slots, none of a full endpoint's however many are due, and
 * takes the others' notifications oldest first up to the overall limit. Run against the
 * dispatcher's own table with its claim loop stopped, so only the test claims.
 */
class ClaimPerEndpointTest {

    @Test
    void a_claim_takes_each_endpoint_up_to_its_free_slots_and_nothing_of_a_full_one() throws Exception {
        try (RunningDispatcher dispatcher = RunningDispatcher.start(RunningDispatcher.settings(Map.of()))) {
            dispatcher.bean(WebhookSender.class).stop();
            NotificationClaims claims = dispatcher.bean(NotificationClaims.class);
            UUID busy = dispatcher.newMerchant().id();
            UUID idle = dispatcher.newMerchant().id();
            UUID full = dispatcher.newMerchant().id();
            for (UUID merchant : List.of(busy, idle, full)) {
                dispatcher.register(merchant, "http://127.0.0.1:9/never-called"); // the claim loop is stopped
            }
            List<EventEnvelope> events = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                events.add(new TestEvents(busy).created());
                events.add(new TestEvents(full).created());
            }
            for (int i = 0; i < 5; i++) {
                events.add(new TestEvents(idle).created());
            }
            RunningDispatcher.publish(events);
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> dispatcher
                                    .jdbc()
                                    .queryForObject(
                                            "select count(*) from webhook.notifications where merchant_id = any(?::uuid[])",
                                            Long.class,
                                            "{" + busy + "," + idle + "," + full + "}")
                            == 65);
            Instant now = Instant.now().plusSeconds(1);

            List<Claimed> first = claims.claim(now, now.plusSeconds(60), 100, Map.of(busy, 2, full, 0), 8);

            assertThat(perMerchant(first)).containsExactlyInAnyOrderEntriesOf(Map.of(busy, 2L, idle, 5L));
            assertThat(leased(dispatcher, now, busy, idle, full))
                    .as("nothing leased beyond what was claimed")
                    .isEqualTo(7);

            List<Claimed> second = claims.claim(now, now.plusSeconds(60), 3, Map.of(full, 0), 8);

            assertThat(perMerchant(second))
                    .as("the overall limit bounds the claim; leased rows are not claimed again")
                    .containsExactlyInAnyOrderEntriesOf(Map.of(busy, 3L));
            assertThat(leased(dispatcher, now, busy, idle, full)).isEqualTo(10);
        }
    }

    private static Map<UUID, Long> perMerchant(List<Claimed> claimed) {
        return claimed.stream().collect(Collectors.groupingBy(Claimed::merchantId, Collectors.counting()));
    }

    private static long leased(RunningDispatcher dispatcher, Instant now, UUID... merchants) {
        return dispatcher
                .jdbc()
                .queryForObject(
                        "select count(*) from webhook.notifications where lease_until > ? and merchant_id = any(?::uuid[])",
                        Long.class,
                        java.sql.Timestamp.from(now),
                        java.util.Arrays.stream(merchants)
                                .map(UUID::toString)
                                .collect(Collectors.joining(",", "{", "}")));
    }
}
