package io.dispatch.webhook.sending;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.dispatch.webhook.destination.TargetPolicy;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One attempt over real HTTP on 127.0.0.1: what is refused, what counts as success, how failures read. */
class WebhookHttpTest {

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/ok", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.createContext("/big-error", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(500, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                byte[] line = "Internal trouble. ".repeat(1000).getBytes();
                for (int i = 0; i < 100; i++) { // 1.8 MB the dispatcher must not read
                    out.write(line);
                }
            } catch (IOException closedByClient) {
                // expected: the client stops reading after its cap
            }
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private static WebhookHttp client(boolean allowInsecure, Duration responseTimeout) {
        WebhookProperties properties =
                new WebhookProperties(null, allowInsecure, null, 0, 0, null, null, responseTimeout, null, 0, null);
        return new WebhookHttp(properties, new TargetPolicy(allowInsecure));
    }

    @Test
    void loopback_targets_are_refused_at_connect_time_by_address_and_by_name_and_nothing_is_sent() {
        WebhookHttp strict = client(false, null);
        WebhookHttp.Outcome literal = strict.post(URI.create(url("/ok")), Map.of(), new byte[] {'{', '}'});
        WebhookHttp.Outcome named = strict.post(
                URI.create("http://localhost:" + server.getAddress().getPort() + "/ok"), Map.of(), new byte[] {'{', '}'
                });
        assertThat(literal.httpStatus()).isNull();
        assertThat(literal.error()).startsWith("refused target").contains("127.0.0.1");
        assertThat(named.error())
                .startsWith("refused target: host localhost resolves to a non-public address")
                .as("the address a name resolves to is never shown")
                .doesNotContain("127.0.0.1")
                .doesNotContain("0:0:0:0:0:0:0:1");
        WebhookHttp.Outcome teredo = strict.post(
                URI.create("http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:9/ok"), Map.of(), new byte[] {'{', '}'});
        assertThat(teredo.error()).as("a tunnel's address, at connect time too").startsWith("refused target");
        assertThat(requests).hasValue(0);

        WebhookHttp.Outcome allowed = client(true, null).post(URI.create(url("/ok")), Map.of(), new byte[] {'{', '}'});
        assertThat(allowed).isEqualTo(new WebhookHttp.Outcome(204, null));
        assertThat(requests).hasValue(1);
    }

    @Test
    void an_error_answer_is_read_only_up_to_a_small_cap_and_recorded_with_its_status() {
        WebhookHttp.Outcome outcome = client(true, null).post(URI.create(url("/big-error")), Map.of(), new byte[0]);
        assertThat(outcome.httpStatus()).isEqualTo(500);
        assertThat(outcome.error()).startsWith("HTTP 500: Internal trouble.").hasSizeLessThan(220);
    }

    @Test
    void no_answer_within_the_response_timeout_and_a_refused_connection_are_failures_without_a_status()
            throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 10, java.net.InetAddress.getLoopbackAddress())) {
            WebhookHttp.Outcome timeout = client(true, Duration.ofMillis(500))
                    .post(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"), Map.of(), new byte[0]);
            assertThat(timeout)
                    .isEqualTo(new WebhookHttp.Outcome(null, "timeout: no answer within the response timeout"));
        }
        int closedPort;
        try (ServerSocket gone = new ServerSocket(0)) {
            closedPort = gone.getLocalPort();
        }
        WebhookHttp.Outcome refused =
                client(true, null).post(URI.create("http://127.0.0.1:" + closedPort + "/"), Map.of(), new byte[0]);
        assertThat(refused.httpStatus()).isNull();
        assertThat(refused.error()).startsWith("connection failed");
    }
}
