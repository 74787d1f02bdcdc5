package io.dispatch.query.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.events.Source;
import io.dispatch.events.Topics;
import io.dispatch.query.DispatchEventLog;
import io.dispatch.query.QueryServiceContext;
import io.dispatch.query.TestCreations;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.Scope;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A merchant's reads of one delivery while the dispatch projection is stopped (its consumer
 * restarting): a delivery it has not applied yet is a retry-later (503, Retry-After), never a 404,
 * on every route under /dispatches/:id, the operator's too; one it has is answered; once it runs
 * again the new delivery is there (issue 17, G4: a read right after a create never answers 404).
 * The webhooks route and the operator's read used to answer 404 here.
 */
@SpringBootTest(classes = QueryServiceContext.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReadWhileCatchingUpTest extends QueryServiceContext {

    @DynamicPropertySource
    static void settings(DynamicPropertyRegistry registry) {
        // a read waits this long for the stopped projection, then answers what the read model has
        registry.add("dispatch.query.max-staleness-wait", () -> "PT1S");
        DispatchEventLog.createTopics(Topics.DISPATCH_EVENTS, Topics.WEBHOOK_ATTEMPTS);
    }

    private static final Instant T0 = Instant.parse("2026-11-25T10:00:00.000Z");
    private static final DispatchEventLog LOG = new DispatchEventLog();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    MerchantAccounts accounts;

    @Autowired
    KafkaListenerEndpointRegistry listeners;

    @AfterAll
    static void closeLog() {
        LOG.close();
    }

    /** Later test classes share the projection's group but not this class's database (see DispatchEventLog.rewind). */
    @AfterEach
    void rewindTheProjectionsGroup() {
        listeners.getListenerContainer(DispatchProjection.NAME).stop();
        await().atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .untilAsserted(() -> DispatchEventLog.rewind(DispatchProjection.NAME, Topics.DISPATCH_EVENTS));
    }

    @Test
    void a_delivery_the_stopped_projection_has_not_applied_is_a_retry_later_never_a_404() throws Exception {
        UUID merchant = accounts.createMerchant("catching-up").id();
        String key = accounts.issueKey(merchant, Set.of(Scope.READ)).apiKey();
        UUID applied = created(merchant);
        // the projection has its partitions and applies: the first delivery reads back
        await().atMost(Duration.ofSeconds(60)).until(() -> get(key, applied, "").statusCode() == 200);

        MessageListenerContainer projection = listeners.getListenerContainer(DispatchProjection.NAME);
        projection.stop();
        UUID waiting;
        try {
            waiting = created(merchant);
            for (String route : List.of("", "/events", "/webhooks")) {
                HttpResponse<String> answer = get(key, waiting, route);
                assertThat(answer.statusCode()).as("GET …/%s%s", waiting, route).isEqualTo(503);
                assertThat(answer.headers().firstValue("Retry-After")).hasValue("1");
                assertThat(answer.body()).contains("catching up with the event log");
            }
            HttpResponse<String> operators = send("/api/v1/admin/dispatches/" + waiting, "X-Admin-Token", "test");
            assertThat(operators.statusCode()).as("the operator's read").isEqualTo(503);
            assertThat(get(key, applied, "").statusCode()).isEqualTo(200);
        } finally {
            projection.start();
        }

        await().atMost(Duration.ofSeconds(60)).until(() -> get(key, waiting, "").statusCode() == 200);
        assertThat(get(key, waiting, "/webhooks").statusCode()).isEqualTo(200);
        assertThat(send("/api/v1/admin/dispatches/" + waiting, "X-Admin-Token", "test")
                        .statusCode())
                .isEqualTo(200);
        // another merchant's delivery stays a 404, behind or not
        String otherKey = accounts.issueKey(accounts.createMerchant("other").id(), Set.of(Scope.READ))
                .apiKey();
        assertThat(get(otherKey, waiting, "").statusCode()).isEqualTo(404);
        assertThat(get(otherKey, waiting, "/webhooks").statusCode()).isEqualTo(404);
    }

    private static UUID created(UUID merchant) {
        UUID id = UUID.randomUUID();
        LOG.publish(TestCreations.created(id, merchant, T0, Source.API));
        LOG.acknowledged();
        return id;
    }

    private HttpResponse<String> get(String apiKey, UUID id, String route) throws Exception {
        return send("/api/v1/external/dispatches/" + id + route, "X-API-Key", apiKey);
    }

    private HttpResponse<String> send(String path, String credentialHeader, String credential) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header(credentialHeader, credential)
                        .header("Idempotency-Key", UUID.randomUUID().toString())
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
