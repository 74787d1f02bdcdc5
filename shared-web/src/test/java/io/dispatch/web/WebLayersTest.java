package io.dispatch.web;

import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.Scope;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * shared-web's filters in a running server on a database of its own, spoken to over real HTTP.
 * Subclasses with the same configuration share one application context (and its clock), so
 * each test works with merchants, API keys and Idempotency-Keys of its own.
 */
@SpringBootTest(
        classes = WebLayersTestApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "dispatch.admin-token=test",
            "dispatch.rate-limit.per-minute=5",
            "dispatch.rate-limit.public-per-minute=3",
            "dispatch.rate-limit.rider-per-minute=4",
            "dispatch.rate-limit.sign-in-per-minute=3",
            "dispatch.rate-limit.integrations-per-minute=4",
            "dispatch.rate-limit.failed-credentials-per-minute=4",
            "dispatch.rate-limit.tracking-streams-per-client=2",
            "dispatch.dashboard.signup-enabled=false",
            // tests that need several client addresses name them in X-Forwarded-For
            "dispatch.web.trusted-proxies=127.0.0.1",
            "dispatch.idempotency.cleanup-interval=PT0.2S",
            "spring.flyway.enabled=false"
        })
public abstract class WebLayersTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        SharedTestInfrastructure.get()
                .springProperties(SharedTestInfrastructure.newDatabase())
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @LocalServerPort
    protected int port;

    @Autowired
    protected MerchantAccounts accounts;

    @Autowired
    protected MutableClock clock;

    @Autowired
    protected WebLayersTestApp.Endpoints endpoints;

    @Autowired
    protected JdbcTemplate jdbc;

    /** A new merchant with a read and write key; returns the key as sent in X-API-Key. */
    protected String newApiKey() {
        UUID merchant = accounts.createMerchant("merchant " + UUID.randomUUID()).id();
        return newApiKey(merchant);
    }

    protected String newApiKey(UUID merchant) {
        return accounts.issueKey(merchant, List.of(Scope.READ, Scope.WRITE)).apiKey();
    }

    protected static String newIdempotencyKey() {
        return UUID.randomUUID().toString();
    }

    protected Call call(String method) {
        return new Call(method);
    }

    /** A request being put together; headers are sent as given, none added. */
    protected final class Call {
        private final String method;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private String path = "/";
        private String body;

        private Call(String method) {
            this.method = method;
        }

        public Call path(String path) {
            this.path = path;
            return this;
        }

        public Call apiKey(String apiKey) {
            return header("X-API-Key", apiKey);
        }

        public Call idempotencyKey(String key) {
            return header("Idempotency-Key", key);
        }

        public Call header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public Call json(String json) {
            this.body = json;
            return header("Content-Type", "application/json");
        }

        public Answer send() {
            try {
                return sendAsync().join();
            } catch (java.util.concurrent.CompletionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }

        public CompletableFuture<Answer> sendAsync() {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(15))
                    .method(
                            method,
                            body == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
            headers.forEach(request::header);
            // A client per request, so no connection is reused: Reactor Netty 1.3.7 can stop reading a
            // keep-alive connection when a request arrives before the previous one has terminated and is
            // answered synchronously (reactor/reactor-netty#4361), which stalls such a request.
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray())
                    .whenComplete((response, failure) -> http.shutdown())
                    .thenApply(response -> new Answer(response.statusCode(), response.headers(), response.body()));
        }
    }

    /** What the server answered, bytes as received. */
    public record Answer(int status, java.net.http.HttpHeaders headers, byte[] body) {

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (RuntimeException e) {
                throw new IllegalStateException("not JSON: " + new String(body, StandardCharsets.UTF_8), e);
            }
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return status + " " + text();
        }
    }
}
