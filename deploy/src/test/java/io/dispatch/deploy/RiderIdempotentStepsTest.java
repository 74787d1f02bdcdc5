package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The rider's steps with an Idempotency-Key, through the whole running service: the rider app
 * sends a step again with its key when the first answer was lost (docs/adr/0048). The second
 * sending answers the first answer and the delivery's history holds the step once.
 */
class RiderIdempotentStepsTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    private static Map<String, String> rider(Rider rider, String key) {
        Map<String, String> headers = new HashMap<>(DispatchUnderTest.rider(rider));
        headers.put("Idempotency-Key", key);
        return headers;
    }

    @Test
    void a_step_sent_twice_with_its_key_happens_once_and_answers_the_same_both_times() throws Exception {
        Merchant merchant = dispatch.newMerchant("Idempotent steps");
        Rider rider = dispatch.newRider("Twice Sent");
        JsonNode created = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        DispatchUnderTest.ORDER.formatted("STEPS-" + UUID.randomUUID()),
                        201)
                .data();
        String id = created.get("id").asText();
        String base = "/api/v1/rider/dispatches/" + id + "/";
        dispatch.call("POST", base + "accept", rider(rider, UUID.randomUUID().toString()), null, 200);
        dispatch.call("POST", base + "pickup", rider(rider, UUID.randomUUID().toString()), null, 200);

        String key = UUID.randomUUID().toString();
        Answer first = dispatch.call("POST", base + "depart", rider(rider, key), null, 200);
        Answer again = dispatch.call("POST", base + "depart", rider(rider, key), null, 200);

        assertThat(again.response().body()).isEqualTo(first.response().body());
        assertThat(again.response().headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(first.response().headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(first.data().get("status").asText()).isEqualTo("IN_TRANSIT");
        dispatch.call("POST", base + "depart", DispatchUnderTest.rider(rider), null, 409);

        String proof = "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"Amina\",\"pin\":\""
                + created.get("deliveryPin").asText() + "\"}}";
        String deliverKey = UUID.randomUUID().toString();
        dispatch.call("POST", base + "deliver", rider(rider, deliverKey), proof, 200);
        JsonNode replayed = dispatch.call("POST", base + "deliver", rider(rider, deliverKey), proof, 200)
                .data();
        assertThat(replayed.get("status").asText()).isEqualTo("DELIVERED");

        // the history is read from the read model, which follows the log within moments
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(history(merchant, id))
                        .containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED"));
    }

    private static List<String> history(Merchant merchant, String id) throws Exception {
        List<String> statuses = new ArrayList<>();
        dispatch.call("GET", "/api/v1/external/dispatches/" + id + "/events", merchant(merchant.apiKey()), null, 200)
                .data()
                .forEach(entry -> statuses.add(entry.get("status").asText()));
        return statuses;
    }
}
