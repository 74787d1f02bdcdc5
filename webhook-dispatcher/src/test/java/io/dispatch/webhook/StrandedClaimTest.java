package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A claim round that fails after its claim and before its attempts (the database going away between the two, in
 * the fault suite's kill -9 of PostgreSQL) gives its notifications back as soon as a round reaches the database
 * again, instead of leaving them leased for the whole claim lease (60 s): their webhooks were late, and one of them
 * had not arrived 25 s after the load ended (issue 32). Here the round's read of the endpoints fails because the
 * merchant's stored secret does not decrypt, which fails the round at the same place.
 */
class StrandedClaimTest {

    @Test
    void notifications_of_a_round_that_failed_after_claiming_them_go_out_once_it_can_not_after_their_lease()
            throws Exception {
        Map<String, Object> settings = RunningDispatcher.settings(Map.of("dispatch.webhook.claim-lease", "PT60S"));
        try (WebhookReceiver receiver = new WebhookReceiver();
                RunningDispatcher dispatcher = RunningDispatcher.start(settings)) {
            UUID merchant = dispatcher.newMerchant().id();
            dispatcher.register(merchant, receiver.url());
            JdbcTemplate jdbc = dispatcher.jdbc();
            byte[] secret = jdbc.queryForObject(
                    "select secret_ciphertext from webhook.endpoints where merchant_id = ?", byte[].class, merchant);
            byte[] broken = secret.clone();
            broken[broken.length - 1] ^= 1;
            jdbc.update("update webhook.endpoints set secret_ciphertext = ? where merchant_id = ?", broken, merchant);

            RunningDispatcher.publish(List.of(new TestEvents(merchant).created(), new TestEvents(merchant).created()));
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> jdbc.queryForObject(
                                    "select count(*) from webhook.notifications where merchant_id = ?"
                                            + " and attempt_count = 0 and lease_until > now()",
                                    Long.class,
                                    merchant)
                            == 2);
            assertThat(receiver.received())
                    .as("nothing sent while the round fails")
                    .isEmpty();

            jdbc.update("update webhook.endpoints set secret_ciphertext = ? where merchant_id = ?", secret, merchant);

            await().atMost(Duration.ofSeconds(10))
                    .alias("both webhooks sent well before the 60 s lease of their first claim ends")
                    .until(() -> receiver.received().size() == 2);
            // an attempt's outcome is written after its answer arrives (the attempt recorder's batch): a moment later
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(jdbc.queryForObject(
                                    "select count(*) from webhook.notifications where merchant_id = ?"
                                            + " and status = 'SUCCEEDED'",
                                    Long.class,
                                    merchant))
                            .isEqualTo(2));
        }
    }
}
