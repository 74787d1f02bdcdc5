package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.infrastructure.WebhookReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * GET /api/v1/external/events through the whole service: after a delivery's webhooks arrived, the
 * feed serves the same notifications (ids, events, data bytes), oldest first; every answer is held
 * to the served OpenAPI document by {@link DispatchUnderTest#send}.
 */
class FeedTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final WebhookReceiver receiver = new WebhookReceiver();

    @Test
    void a_merchant_reconciles_from_the_feed_every_webhook_it_was_sent_with_the_same_ids_and_bytes() throws Exception {
        Merchant merchant = dispatch.newMerchant("Feed " + UUID.randomUUID());
        dispatch.registerWebhook(merchant.id(), receiver.url());
        String id = dispatch.createDelivery(merchant, DispatchUnderTest.ORDER.formatted("feed-1"));
        dispatch.cancelDelivery(merchant, id, "no longer");
        List<WebhookReceiver.Received> hooks = await().atMost(Duration.ofSeconds(20))
                .until(() -> DispatchUnderTest.hooksFor(receiver, id), found -> found.size() == 2);

        List<JsonNode> events = new ArrayList<>();
        StringBuilder served = new StringBuilder();
        Answer first = feed(merchant, "?limit=1", 200);
        Answer second = feed(
                merchant,
                "?limit=1&after=" + first.json().at("/meta/nextCursor").asText(),
                200);
        Answer end =
                feed(merchant, "?after=" + second.json().at("/meta/nextCursor").asText(), 200);
        for (Answer page : List.of(first, second, end)) {
            page.data().forEach(events::add);
            served.append(page.response().body());
        }

        assertThat(events)
                .extracting(e -> e.get("id").asText())
                .containsExactly(
                        hooks.get(0).header(WebhookSigner.EVENT_ID_HEADER),
                        hooks.get(1).header(WebhookSigner.EVENT_ID_HEADER));
        assertThat(events)
                .extracting(e -> e.get("event").asText())
                .containsExactly("dispatch.created", "dispatch.cancelled");
        for (WebhookReceiver.Received hook : hooks) {
            String body = new String(hook.body(), StandardCharsets.UTF_8);
            String data = body.substring(body.indexOf(",\"data\":") + ",\"data\":".length(), body.length() - 1);
            assertThat(served).as("the webhook's data bytes, unchanged").contains(data);
        }
        assertThat(end.data()).isEmpty();
        assertThat(end.json().at("/meta/nextCursor").asText())
                .isEqualTo(second.json().at("/meta/nextCursor").asText());
        assertThat(end.json().at("/meta/limit").asInt()).isEqualTo(100);
        assertThat(first.header("RateLimit-Limit")).isNotBlank();
    }

    @Test
    void bad_parameters_and_another_merchants_cursor_answer_422_naming_the_parameter() throws Exception {
        Merchant mine = dispatch.newMerchant("Feed mine " + UUID.randomUUID());
        Merchant theirs = dispatch.newMerchant("Feed theirs " + UUID.randomUUID());
        String myCursor = feed(mine, "", 200).json().at("/meta/nextCursor").asText();

        assertThat(feed(theirs, "?after=" + myCursor, 422)
                        .error()
                        .at("/details/fieldErrors")
                        .has("after"))
                .isTrue();
        assertThat(feed(mine, "?limit=0", 422)
                        .error()
                        .at("/details/fieldErrors")
                        .has("limit"))
                .isTrue();
        assertThat(feed(mine, "?limit=501&after=nope", 422)
                        .error()
                        .at("/details/fieldErrors")
                        .size())
                .isEqualTo(2);
        assertThat(feed(theirs, "", 200).data()).isEmpty();
    }

    private static Answer feed(Merchant merchant, String query, int status) throws Exception {
        return dispatch.call(
                "GET", "/api/v1/external/events" + query, Map.of("X-API-Key", merchant.apiKey()), null, status);
    }
}
