package io.dispatch.deploy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The training run behind the local run's start-up cache (deploy/prepare-local.sh, ADR 0034). It
 * starts the local run as {@link LocalDispatchApplication} does, sends what a merchant's first
 * minutes send (pings, creates, the reads right after them, a list), then exits; the JVM, started
 * with {@code -XX:AOTCacheOutput}, writes the classes it loaded and linked and the profiles of
 * the methods it ran into the cache at that exit. A later start with {@code -XX:AOTCache} maps
 * them instead of loading, linking and profiling them again.
 *
 * <p>Exits 0 when every request was answered as expected, 1 otherwise (prepare-local.sh then
 * starts without a cache and says why).
 */
public final class AotTraining {

    private static final Logger log = LoggerFactory.getLogger(AotTraining.class);
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");
    static final String ORDER = """
            {"customerName":"Training","customerPhone":"+254700000001",\
            "pickup":{"address":"Kenyatta Ave","lat":-1.2841,"lng":36.8219},\
            "dropoff":{"address":"Ngong Rd","lat":-1.3001,"lng":36.7833},"paymentType":"COD","amountCents":150000}""";

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;
    private final String apiKey;

    AotTraining(String baseUrl, String apiKey) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey;
    }

    public static void main(String[] args) {
        int status = 1;
        try {
            ConfigurableApplicationContext context = LocalRun.start(args);
            DemoMerchant.Demo demo = context.getBean(DemoMerchant.class)
                    .ensure(LocalRunSettings.read(args, System.getenv())
                            .dataDir()
                            .resolve("demo-merchant.properties"));
            String port = context.getEnvironment().getProperty("local.server.port", "8080");
            int requests =
                    new AotTraining("http://127.0.0.1:" + port, demo.demo().apiKey()).exercise(50);
            log.info("start-up cache training: {} requests answered as expected", requests);
            status = 0;
        } catch (Exception e) {
            log.error("start-up cache training failed", e);
        }
        // Spring Boot's shutdown hook stops the services, then Kafka and PostgreSQL, as on Ctrl-C
        System.exit(status);
    }

    /** Sends {@code rounds} pings and creates, a read after each create and one list; answers the request count. */
    int exercise(int rounds) throws IOException, InterruptedException {
        for (int i = 0; i < rounds; i++) {
            expect(200, send("POST", "/api/v1/external/ping", null));
            HttpResponse<String> created = send("POST", "/api/v1/external/dispatches", ORDER);
            expect(201, created);
            Matcher id = ID.matcher(created.body());
            if (!id.find()) {
                throw new IllegalStateException("a create answered without an id: " + created.body());
            }
            expect(200, send("GET", "/api/v1/external/dispatches/" + id.group(1), null));
        }
        expect(200, send("GET", "/api/v1/external/dispatches?limit=20", null));
        return 3 * rounds + 1;
    }

    private HttpResponse<String> send(String method, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .header("X-API-Key", apiKey)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        // every request under /dispatches carries one (decisions.md), a ping ignores it
        request.header("Idempotency-Key", UUID.randomUUID().toString());
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void expect(int status, HttpResponse<String> response) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(
                    response.request().method() + " " + response.request().uri() + " answered " + response.statusCode()
                            + " (expected " + status + "): " + response.body());
        }
    }
}
