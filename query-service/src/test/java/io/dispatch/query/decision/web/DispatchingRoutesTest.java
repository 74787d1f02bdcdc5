package io.dispatch.query.decision.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.events.Actor;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.query.DispatchEventLog;
import io.dispatch.query.QueryServiceContext;
import io.dispatch.query.decision.DecisionLog;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The routes of automatic dispatch's read side over real HTTP, fed through the real projections
 * from events published to Kafka. Each test works in a zone of its own, so the queue and the
 * figures it reads hold its deliveries only.
 */
@SpringBootTest(classes = QueryServiceContext.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class DispatchingRoutesTest extends QueryServiceContext {

    /** Each test class its own: the one of a class that finished is closed. */
    static DispatchEventLog LOG;

    static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {};

    @DynamicPropertySource
    static void settings(DynamicPropertyRegistry registry) {
        registry.add("dispatch.rate-limit.per-minute", () -> "100000");
        // the first request may come while the consumers still join their group; the bound is not under test
        registry.add("dispatch.query.max-staleness-wait", () -> "PT30S");
        DispatchEventLog.createTopics(Topics.DISPATCH_EVENTS);
    }

    @LocalServerPort
    int port;

    @BeforeAll
    static void openLog() {
        LOG = new DispatchEventLog();
    }

    @AfterAll
    static void closeLog() {
        LOG.close();
    }

    WebTestClient client() {
        return WebTestClient.bindToServer()
                .baseUrl("http://localhost:" + port)
                .responseTimeout(Duration.ofSeconds(40))
                .build();
    }

    static void publish(DecisionLog... deliveries) {
        for (DecisionLog delivery : deliveries) {
            for (EventEnvelope event : delivery.events()) {
                LOG.publish(event);
            }
        }
        LOG.acknowledged();
    }

    /** GET as the operator, expecting {@code status}; the body's envelope. */
    Map<String, Object> admin(String path, int status) {
        return client().get()
                .uri(path)
                .header("X-Admin-Token", "test")
                .exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectBody(JSON)
                .returnResult()
                .getResponseBody();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> data(Map<String, Object> envelope) {
        return (List<Map<String, Object>>) envelope.get("data");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> fieldErrors(Map<String, Object> envelope) {
        Map<String, Object> error = (Map<String, Object>) envelope.get("error");
        assertThat(error.get("code")).isEqualTo("VALIDATION_ERROR");
        return (Map<String, Object>) ((Map<String, Object>) error.get("details")).get("fieldErrors");
    }

    /** Waits until the decisions projection has the delivery's last event. */
    void awaitProjected(org.springframework.jdbc.core.JdbcTemplate jdbc, DecisionLog delivery, long lastSequence) {
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.queryForList(
                                        "select 1 from query.dispatching where dispatch_id = ? and last_sequence >= ?",
                                        delivery.dispatchId,
                                        lastSequence)
                                .size()
                        == 1);
    }

    static Actor operator() {
        return Actor.operator("ops");
    }

    static String zone() {
        return "zone-" + UUID.randomUUID();
    }
}
