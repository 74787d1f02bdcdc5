package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Health and metrics as decisions.md §7 names them, from the whole running service: liveness
 * and readiness for probes (public, outside the envelope), and the Prometheus text with the
 * figures operators scale and alert by (behind the operator token on the API port).
 */
class OperationsEndpointsTest {

    /** An order by addresses alone (no coordinates). */
    private static final String ORDER = """
        {"customerName":"Amina","customerPhone":"+254 700 000 001","pickup":{"address":"A"},
         "dropoff":{"address":"B"},"paymentType":"PREPAID"}""";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @Test
    void liveness_and_readiness_answer_up_without_a_credential() throws Exception {
        Answer liveness = dispatch.send("GET", "/actuator/health/liveness", Map.of(), null, null);
        assertThat(liveness.status()).isEqualTo(200);
        assertThat(liveness.json().get("status").asText()).isEqualTo("UP");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Answer readiness = dispatch.send("GET", "/actuator/health/readiness", Map.of(), null, null);
            assertThat(readiness.status()).as(readiness.response().body()).isEqualTo(200);
            assertThat(readiness.json().get("status").asText()).isEqualTo("UP");
        });
        assertThat(dispatch.send("GET", "/actuator/health", Map.of(), null, null)
                        .status())
                .isEqualTo(200);
    }

    @Test
    @org.junit.jupiter.api.extension.ExtendWith(org.springframework.boot.test.system.OutputCaptureExtension.class)
    void a_log_line_caused_by_a_request_carries_its_request_id_and_delivery_id(
            org.springframework.boot.test.system.CapturedOutput output) throws Exception {
        Merchant m = dispatch.newMerchant("Logged merchant");
        String id = dispatch.createDelivery(m, ORDER);
        DispatchUnderTest.Rider rider = dispatch.newRider("Logged rider");
        for (String step : new String[] {"accept", "pickup", "depart"}) {
            dispatch.call(
                    "POST", "/api/v1/rider/dispatches/" + id + "/" + step, DispatchUnderTest.rider(rider), null, 200);
        }
        Answer wrong = dispatch.deliverWithPin(rider, id, "Amina", wrongPin(id), 422);
        String requestId = wrong.header("X-Request-Id");
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(output.getOut()
                                .lines()
                                .filter(line -> line.contains("Wrong delivery PIN for delivery " + id)))
                        .as("the WARN of the wrong guess names its request")
                        .anyMatch(line -> line.contains("[" + requestId)));
        // the projection's lines name the delivery they apply
        assertThat(output.getOut()).doesNotContain(rider.token()).doesNotContain(m.apiKey());
    }

    private static String wrongPin(String id) throws Exception {
        String pin = dispatch.call("GET", "/api/v1/admin/dispatches/" + id, admin(), null, 200)
                .data()
                .get("deliveryPin")
                .asText();
        return pin.equals("0000") ? "1111" : "0000";
    }

    @Test
    void prometheus_needs_the_operator_token_on_the_api_port() throws Exception {
        Answer anonymous = dispatch.send("GET", "/actuator/prometheus", Map.of(), null, null);
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.error().get("code").asText()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void prometheus_shows_request_latency_by_route_consumer_lag_projection_and_webhook_figures() throws Exception {
        Merchant m = dispatch.newMerchant("Metrics merchant");
        dispatch.call("POST", "/api/v1/external/ping", merchant(m.apiKey()), null, 200);
        String id = dispatch.createDelivery(m, ORDER);
        dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            String text = dispatch.send("GET", "/actuator/prometheus", admin(), null, null)
                    .response()
                    .body();
            assertThat(text)
                    .contains("http_server_requests_seconds_bucket{")
                    .contains("uri=\"/api/v1/external/dispatches/{id}\"")
                    .containsPattern(
                            "dispatch_consumer_lag\\{[^}]*group=\"query-service.dispatches\",partition=\"\\d+\"")
                    .containsPattern("dispatch_consumer_lag\\{[^}]*group=\"webhook-dispatcher\"")
                    .doesNotContain("group=\"query-service.tracking-")
                    .contains("dispatch_projection_apply_seconds_count{")
                    .contains("view=\"deliveries\"")
                    .contains("dispatch_webhook_backlog")
                    .contains("dispatch_webhook_pending")
                    .contains("dispatch_webhook_notifications_total{")
                    .contains("dispatch_pin_wrong_guesses_total")
                    .contains("dispatch_publication_lag_seconds")
                    .containsPattern("dispatch_ready\\{[^}]*\\} 1.0")
                    .contains("application=\"dispatch-local\"");
        });
    }
}
