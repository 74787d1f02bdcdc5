package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** GET /api/v1/external/webhooks/attempts: the merchant's recent notifications across its deliveries. */
class WebhookAttemptsListTest {

    private static final String ORDER = """
      {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001","externalId":"%s",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @Test
    void the_recent_webhooks_list_shows_the_callers_own_only() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            Merchant a = dispatch.newMerchant("Recent webhooks A");
            Merchant b = dispatch.newMerchant("Recent webhooks B");
            dispatch.registerWebhook(a.id(), receiver.url());
            dispatch.registerWebhook(b.id(), receiver.url());
            List<String> ofA = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                ofA.add(dispatch.call(
                                "POST",
                                "/api/v1/external/dispatches",
                                merchant(a.apiKey()),
                                ORDER.formatted("recent-a-" + i),
                                201)
                        .data()
                        .get("id")
                        .asText());
            }
            String ofB = dispatch.call(
                            "POST",
                            "/api/v1/external/dispatches",
                            merchant(b.apiKey()),
                            ORDER.formatted("recent-b"),
                            201)
                    .data()
                    .get("id")
                    .asText();

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                JsonNode list = dispatch.call(
                                "GET", "/api/v1/external/webhooks/attempts", merchant(a.apiKey()), null, 200)
                        .data();
                assertThat(list).hasSize(2);
                for (JsonNode entry : list) {
                    assertThat(entry.get("event").asText()).isEqualTo("dispatch.created");
                    assertThat(entry.get("status").asText()).isEqualTo("SUCCEEDED");
                    assertThat(entry.get("lastHttpStatus").asInt()).isEqualTo(204);
                }
                assertThat(Set.of(
                                list.get(0).get("dispatchId").asText(),
                                list.get(1).get("dispatchId").asText()))
                        .containsExactlyInAnyOrderElementsOf(ofA);
                assertThat(list.get(0).get("updatedAt").asText())
                        .isGreaterThanOrEqualTo(list.get(1).get("updatedAt").asText());
            });
            JsonNode ofOther = dispatch.call(
                            "GET", "/api/v1/external/webhooks/attempts", merchant(b.apiKey()), null, 200)
                    .data();
            assertThat(ofOther).hasSize(1);
            assertThat(ofOther.get(0).get("dispatchId").asText()).isEqualTo(ofB);

            assertThat(dispatch.call(
                                    "GET",
                                    "/api/v1/external/webhooks/attempts?limit=1",
                                    merchant(a.apiKey()),
                                    null,
                                    200)
                            .data())
                    .hasSize(1);
            for (String bad : List.of("0", "201", "ten", "-1")) {
                assertThat(dispatch.call(
                                        "GET",
                                        "/api/v1/external/webhooks/attempts?limit=" + bad,
                                        merchant(a.apiKey()),
                                        null,
                                        422)
                                .error()
                                .get("details")
                                .get("fieldErrors")
                                .has("limit"))
                        .isTrue();
            }
        }
    }
}
