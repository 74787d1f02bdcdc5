package io.dispatch.web.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one connection may hold, over real sockets against a server with the edge's
 * configuration and timeouts of a second or so: a silent connection, a head or a body sent a
 * byte at a time are closed; a keep-alive connection may rest between requests and a
 * server-sent event stream may stay silent, both longer than the head timeout; heads the
 * decoder refuses are answered in the envelope and the client reads the answer, not a reset.
 */
class HttpEdgeTest {

    private static final Duration IDLE = Duration.ofSeconds(3);
    private static final Duration HEAD = Duration.ofSeconds(1);
    private static final Duration BODY = Duration.ofSeconds(1);
    /** Slack for a loaded machine: scheduling, GC, the timer wheel. */
    private static final Duration SLACK = Duration.ofMillis(1500);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static ConfigurableApplicationContext app;
    private static int port;
    private static ScheduledExecutorService pacer;

    @BeforeAll
    static void start() {
        // arguments, not builder properties: those rank below edge.properties' defaults
        app = new SpringApplicationBuilder(EdgeTestApp.class)
                .web(WebApplicationType.REACTIVE)
                .run(
                        "--server.port=0",
                        "--spring.main.banner-mode=off",
                        "--server.netty.idle-timeout=" + IDLE.toMillis() + "ms",
                        "--dispatch.http.header-timeout=" + HEAD.toMillis() + "ms",
                        "--dispatch.http.body-timeout=" + BODY.toMillis() + "ms");
        port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
        pacer = Executors.newSingleThreadScheduledExecutor();
    }

    @AfterAll
    static void stop() {
        pacer.shutdownNow();
        app.close();
    }

    /** Sends {@code text} one character every {@code interval} until it is sent or the server closes. */
    private static ScheduledFuture<?> trickle(
            RawConnection connection, String text, Duration interval, AtomicInteger sent) {
        return pacer.scheduleAtFixedRate(
                () -> {
                    int next = sent.get();
                    if (next < text.length() && connection.trySend(text.substring(next, next + 1))) {
                        sent.incrementAndGet();
                    }
                },
                0,
                interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private static Duration since(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    @Test
    void a_connection_that_sends_nothing_is_closed_after_the_idle_timeout() throws Exception {
        long start = System.nanoTime();
        try (RawConnection silent = new RawConnection(port)) {
            assertThat(silent.awaitEnd(IDLE.plus(SLACK)))
                    .as("closed within %s", IDLE.plus(SLACK))
                    .isTrue();
            assertThat(since(start)).isGreaterThan(IDLE.minusMillis(500));
            assertThat(silent.received()).isEmpty();
        }
    }

    @Test
    void a_head_sent_one_byte_a_second_is_closed_after_the_header_timeout() throws Exception {
        String head = "GET /hello HTTP/1.1\r\nHost: edge\r\nX-Slow: " + "a".repeat(100) + "\r\n\r\n";
        AtomicInteger sent = new AtomicInteger();
        long start = System.nanoTime();
        try (RawConnection slow = new RawConnection(port)) {
            ScheduledFuture<?> sending = trickle(slow, head, Duration.ofSeconds(1), sent);
            try {
                // a byte a second keeps the 3 s idle timer from ever firing: only the head timeout ends it
                assertThat(slow.awaitEnd(HEAD.plus(SLACK)))
                        .as("closed within %s", HEAD.plus(SLACK))
                        .isTrue();
            } finally {
                sending.cancel(false);
            }
            assertThat(slow.received()).as("closed without an answer").isEmpty();
            assertThat(sent.get()).isLessThan(head.length());
        }
    }

    @Test
    void a_keep_alive_connection_may_rest_longer_than_the_header_timeout_between_requests() throws Exception {
        try (RawConnection client = new RawConnection(port)) {
            client.send("GET /hello HTTP/1.1\r\nHost: edge\r\n\r\n");
            assertThat(client.awaitText("{\"hello\":true}", Duration.ofSeconds(5)))
                    .isTrue();
            // the next request starts twice the head timeout later, still within the idle timeout
            pacer.schedule(
                    () -> client.trySend(
                            "POST /echo HTTP/1.1\r\nHost: edge\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\nabc"),
                    HEAD.multipliedBy(2).toMillis(),
                    TimeUnit.MILLISECONDS);
            assertThat(client.awaitText("{\"length\":3}", Duration.ofSeconds(5)))
                    .as(client.received())
                    .isTrue();
        }
    }

    @Test
    void a_body_sent_one_byte_at_a_time_is_closed_after_the_body_timeout() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        try (RawConnection slow = new RawConnection(port)) {
            slow.send("POST /echo HTTP/1.1\r\nHost: edge\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n");
            ScheduledFuture<?> sending = trickle(slow, "b".repeat(100), Duration.ofMillis(300), sent);
            try {
                assertThat(slow.awaitEnd(BODY.plus(SLACK)))
                        .as("closed within %s", BODY.plus(SLACK))
                        .isTrue();
            } finally {
                sending.cancel(false);
            }
            assertThat(slow.received()).doesNotContain("{\"length\"");
            assertThat(sent.get()).isLessThan(100);
        }
    }

    @Test
    void an_event_stream_silent_for_longer_than_the_idle_timeout_is_not_cut() throws Exception {
        long start = System.nanoTime();
        try (RawConnection viewer = new RawConnection(port)) {
            viewer.send("GET /stream HTTP/1.1\r\nHost: edge\r\nAccept: text/event-stream\r\n\r\n");
            assertThat(viewer.awaitText("data:tick 0", EdgeTestApp.STREAM_SILENCE.plus(SLACK)))
                    .as("first event after %s of silence: %s", EdgeTestApp.STREAM_SILENCE, viewer.received())
                    .isTrue();
            assertThat(since(start)).isGreaterThan(IDLE);
        }
    }

    @Test
    void headers_over_the_limit_are_answered_431_in_the_envelope_and_read_back_whole() throws Exception {
        // 64 KiB of headers: far more than the decoder reads before refusing, so a close without
        // lingering would reset the connection under the unread rest
        JsonNode error =
                refused("GET /hello HTTP/1.1\r\nHost: edge\r\nX-Big: " + "a".repeat(64 * 1024) + "\r\n\r\n", 431);
        assertThat(error.get("message").asString())
                .isEqualTo("The request headers are larger than 8 KiB (8,192 bytes) in all");
    }

    @Test
    void a_request_line_over_the_limit_is_answered_414_in_the_envelope() throws Exception {
        JsonNode error = refused("GET /hello?q=" + "a".repeat(5000) + " HTTP/1.1\r\nHost: edge\r\n\r\n", 414);
        assertThat(error.get("message").asString())
                .isEqualTo("The request line (method, path and query) is longer than 4 KiB (4,096 bytes)");
    }

    @Test
    void a_control_character_in_a_header_is_answered_400_in_the_envelope() throws Exception {
        JsonNode error = refused("GET /hello HTTP/1.1\r\nHost: edge\r\nX-Operator-Id: ops\u0001jane\r\n\r\n", 400);
        assertThat(error.get("message").asString()).startsWith("The request is not valid HTTP/1.1");
    }

    /** Sends a request the decoder refuses; checks the status, the envelope and a clean end. */
    private static JsonNode refused(String request, int status) throws Exception {
        try (RawConnection client = new RawConnection(port)) {
            client.send(request);
            assertThat(client.awaitEnd(Duration.ofSeconds(5))).isTrue();
            assertThat(client.wasReset())
                    .as("the answer is read back, not lost to a reset")
                    .isFalse();
            String text = client.received();
            int end = text.indexOf("\r\n\r\n");
            assertThat(end).as(text).isPositive();
            String head = text.substring(0, end);
            assertThat(head).startsWith("HTTP/1.1 " + status + " ");
            assertThat(head.toLowerCase()).contains("content-type: application/json", "connection: close");
            JsonNode body = JSON.readTree(text.substring(end + 4));
            assertThat(body.get("success").asBoolean()).isFalse();
            JsonNode error = body.get("error");
            assertThat(error.get("code").asString()).isEqualTo("VALIDATION_ERROR");
            assertThat(head)
                    .containsIgnoringCase(
                            "x-request-id: " + error.get("requestId").asString());
            return error;
        }
    }
}
