package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The limits of one request, against the whole running service over real HTTP: the largest
 * valid bulk create fits the body limit; one byte over it answers 413 in the envelope on every
 * service's routes, naming the limit; headers over their limit answer 431 in the envelope; a
 * request head sent a byte a second is closed after the head timeout (2 s here, 10 s by default).
 */
class RequestLimitsTest {

    /** spring.http.codecs.max-in-memory-size, 4 MiB. */
    private static final int LIMIT = 4 * 1024 * 1024;

    private static final String LIMIT_TEXT = "4 MiB (4,194,304 bytes)";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant merchant;
    private static ScheduledExecutorService pacer;

    @BeforeAll
    static void start() throws Exception {
        merchant = dispatch.newMerchant("Limits");
        pacer = Executors.newSingleThreadScheduledExecutor();
    }

    @AfterAll
    static void stop() {
        pacer.shutdownNow();
    }

    /** One create body with every text field at its longest (ASCII), numbers long too. */
    private static String longestOrder(int row) {
        return """
        {"customerName":"%s","customerPhone":"+%s","externalId":"%s",
         "pickup":{"address":"%s","lat":-1.28412345678901,"lng":36.8219123456789,"notes":"%s"},
         "dropoff":{"address":"%s","lat":-1.30012345678901,"lng":36.7833123456789,"notes":"%s"},
         "paymentType":"PREPAID","amountCents":9223372036854775807,"currency":"KES",
         "targetPickupAt":"2030-11-21T10:00:00.123456789+03:00","targetDeliveryAt":"2030-11-21T12:00:00.123456789+03:00"}""".formatted(
                        text('N', 200, row),
                        "7".repeat(19),
                        text('X', 100, row),
                        text('P', 500, row),
                        text('Q', 500, row),
                        text('D', 500, row),
                        text('R', 500, row));
    }

    /** {@code length} characters starting with the row number, so every row differs. */
    private static String text(char fill, int length, int row) {
        String start = fill + "-" + row + "-";
        return start + String.valueOf(fill).repeat(length - start.length());
    }

    private static String bulk(int rows) {
        List<String> orders = new ArrayList<>();
        for (int row = 0; row < rows; row++) {
            orders.add(longestOrder(row));
        }
        return "{\"orders\":[" + String.join(",", orders) + "]}";
    }

    /** JSON white space after the body: still the same request, {@code size} bytes in all. */
    private static String paddedTo(String json, int size) {
        return json + " ".repeat(size - json.getBytes(StandardCharsets.UTF_8).length);
    }

    @Test
    void a_delivery_at_the_smallest_double_reads_back_though_postgresql_prints_it_in_326_characters() throws Exception {
        // found by ApiFuzzTest (10,000 requests): jsonb writes 4.9E-324 in full, and the read model's row
        // is read with the limits of request bodies (RequestJsonLimits)
        JsonNode created = dispatch.call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), """
        {"customerName":"Tiny","customerPhone":"+254700000001",
         "pickup":{"address":"Moi Ave","lat":4.9E-324,"lng":36.8233},
         "dropoff":{"address":"Ngong Rd","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""", 201)
                .data();
        String path = "/api/v1/external/dispatches/" + created.get("id").asText();
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> assertThat(dispatch.call("GET", path, merchant(merchant.apiKey()), null, 200)
                                .data()
                                .get("pickup")
                                .get("lat")
                                .asDouble())
                        .isEqualTo(4.9E-324));
    }

    @Test
    void the_largest_valid_bulk_is_created() throws Exception {
        String body = bulk(500);
        int size = body.getBytes(StandardCharsets.UTF_8).length;
        assertThat(size).as("500 orders at every maximum").isBetween(1_200_000, LIMIT);
        JsonNode created = dispatch.call(
                        "POST", "/api/v1/external/dispatches/bulk", merchant(merchant.apiKey()), body, 201)
                .data();
        assertThat(created.get("count").asInt()).isEqualTo(500);
        assertThat(created.get("dispatches").get(499).get("customerName").asText())
                .isEqualTo(text('N', 200, 499));
        assertThat(created.get("dispatches").get(0).get("customerPhone").asText())
                .isEqualTo("+" + "7".repeat(19));
        // 500 creates are a backlog for the read model the next test class shares: wait it out here
        String last = "/api/v1/external/dispatches/"
                + created.get("dispatches").get(499).get("id").asText();
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> dispatch.send("GET", last, merchant(merchant.apiKey()), null, null)
                                .status()
                        == 200);
    }

    @Test
    void a_body_of_exactly_the_limit_is_read_and_one_byte_more_answers_413_naming_the_limit() throws Exception {
        String exact = paddedTo(bulk(1), LIMIT);
        dispatch.call("POST", "/api/v1/external/dispatches/bulk", merchant(merchant.apiKey()), exact, 201);
        assertTooLarge(dispatch.send(
                "POST",
                "/api/v1/external/dispatches/bulk",
                merchant(merchant.apiKey()),
                exact + " ",
                "application/json"));
    }

    @Test
    void one_byte_over_the_limit_answers_413_on_the_routes_of_every_service_that_reads_a_body() throws Exception {
        String over = paddedTo("{\"name\":\"Too large\"}", LIMIT + 1);
        // command-service: a body read by the JSON codec
        assertTooLarge(dispatch.send("POST", "/api/v1/admin/merchants", admin(), over, "application/json"));
        // query-service reads no body: its routes are GETs, and the firewall refuses a GET with one,
        // closing the connection the rest of that body is still arriving on
        Answer getWithBody = dispatch.send(
                "GET", "/api/v1/external/dispatches", merchant(merchant.apiKey()), over, "application/json");
        assertThat(getWithBody.status()).isEqualTo(400);
        assertThat(getWithBody.header("Connection")).isEqualToIgnoringCase("close");
        // webhook-dispatcher: an operator's endpoint registration
        assertTooLarge(dispatch.send(
                "PUT",
                "/api/v1/admin/merchants/" + merchant.id() + "/webhook",
                admin(),
                paddedTo("{\"url\":\"http://127.0.0.1:9/hook\"}", LIMIT + 1),
                "application/json"));
    }

    @Test
    void an_answer_given_before_the_body_was_read_closes_the_connection_and_only_then() throws Exception {
        String order =
                "{\"customerName\":\"Amina\",\"customerPhone\":\"+254 700 000 001\",\"pickup\":{\"address\":\"A\"},"
                        + "\"dropoff\":{\"address\":\"B\"},\"paymentType\":\"PREPAID\"}";
        Answer refused = dispatch.send(
                "POST",
                "/api/v1/external/dispatches",
                Map.of(
                        "X-API-Key",
                        "key_0000000000000000.unknown",
                        "Idempotency-Key",
                        UUID.randomUUID().toString()),
                order,
                "application/json");
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.header("Connection"))
                .as("refused before its body was read")
                .isEqualToIgnoringCase("close");
        Answer created = dispatch.send(
                "POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), order, "application/json");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Connection"))
                .as("its body was read: the connection carries the next request")
                .isNull();
    }

    private static void assertTooLarge(Answer answer) {
        assertThat(answer.status()).as(answer.response().body()).isEqualTo(413);
        JsonNode error = answer.error();
        assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(error.get("message").asText())
                .isEqualTo("The request body is larger than " + LIMIT_TEXT + ", the limit of this API");
        assertThat(error.get("details").get("fieldErrors").get("body").get(0).asText())
                .isEqualTo("must be at most " + LIMIT_TEXT);
        assertThat(error.get("requestId").asText()).isEqualTo(answer.header("X-Request-Id"));
    }

    @Test
    void headers_over_the_limit_answer_431_in_the_envelope() throws Exception {
        String text = exchange("GET /api/v1/external/dispatches HTTP/1.1\r\nHost: dispatch\r\nX-API-Key: "
                + merchant.apiKey() + "\r\nX-Padding: " + "p".repeat(16 * 1024) + "\r\n\r\n");
        assertThat(text).startsWith("HTTP/1.1 431 ");
        JsonNode body = DispatchUnderTest.JSON.readTree(text.substring(text.indexOf("\r\n\r\n") + 4));
        assertThat(body.get("success").asBoolean()).isFalse();
        assertThat(body.get("error").get("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("error").get("message").asText())
                .isEqualTo("The request headers are larger than 8 KiB (8,192 bytes) in all");
        assertThat(text.toLowerCase())
                .contains("x-request-id: " + body.get("error").get("requestId").asText());
    }

    @Test
    void a_request_head_sent_a_byte_a_second_is_closed_after_the_head_timeout() throws Exception {
        URI base = URI.create(dispatch.baseUrl);
        String head = "GET /api/v1/track/" + "A".repeat(24) + " HTTP/1.1\r\nHost: dispatch\r\nX-Slow: " + "s".repeat(60)
                + "\r\n\r\n";
        AtomicInteger sent = new AtomicInteger();
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            var sending = pacer.scheduleAtFixedRate(
                    () -> {
                        try {
                            socket.getOutputStream().write(head.charAt(sent.get()));
                            socket.getOutputStream().flush();
                            sent.incrementAndGet();
                        } catch (Exception closed) {
                            // the server closed the connection: nothing more to send
                        }
                    },
                    0,
                    1,
                    TimeUnit.SECONDS);
            long start = System.nanoTime();
            socket.setSoTimeout(6_000);
            int read;
            try {
                read = socket.getInputStream().read();
            } catch (SocketTimeoutException stillOpen) {
                read = -2;
            } catch (SocketException reset) {
                read = -1;
            } finally {
                sending.cancel(false);
            }
            Duration open = Duration.ofNanos(System.nanoTime() - start);
            assertThat(read)
                    .as("closed without an answer (-1), not still open (-2) after %s", open)
                    .isEqualTo(-1);
            assertThat(open).isLessThan(Duration.ofMillis(3500));
            assertThat(sent.get()).isLessThan(head.length());
        }
    }

    /** Writes a request on a socket and reads everything until the server closes. */
    private static String exchange(String request) throws Exception {
        URI base = URI.create(dispatch.baseUrl);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            in.transferTo(received);
            return received.toString(StandardCharsets.UTF_8);
        }
    }
}
