package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;

/**
 * Nothing secret reaches the log of the one-JVM service: every line logged while the
 * secret-bearing operations run (Logback, the backend Spring Boot starts here, captured at the
 * root logger with message, MDC and full stack traces) holds no API key secret, rider token
 * secret, webhook signing secret, operator token, secret-encryption key, tracking token, and no
 * delivery PIN or PIN guess next to the word PIN. Secrets presented wrongly (a wrong operator
 * token, a wrong key secret, a credential the firewall refuses) are not logged either.
 *
 * <p>{@link MultiProcessTest} greps the logs of the three services run as separate processes for
 * the credentials of its own run; this covers the one-JVM local run, the delivery's PIN and
 * tracking token, wrong PIN guesses and refused credentials.
 */
class SecretsNotLoggedTest {

    private static final String ORDER = """
      {"customerName":"Njoki Mwangi","customerPhone":"+254 700 000 016","externalId":"secrets-%s",
       "pickup":{"address":"Kimathi St 4, Nyeri","lat":-0.4201,"lng":36.9476},
       "dropoff":{"address":"Gakere Rd 9, Nyeri","lat":-0.4168,"lng":36.9512},
       "paymentType":"COD","amountCents":120000}""";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    /** Every event logged in this JVM while open, rendered with its MDC and full stack trace. */
    private static final class LogCapture extends AppenderBase<ILoggingEvent> implements AutoCloseable {
        private final ch.qos.logback.classic.Logger root;
        private final PatternLayout layout = new PatternLayout();
        private final StringBuilder text = new StringBuilder();

        LogCapture() {
            assertThat(LoggerFactory.getILoggerFactory())
                    .as("Logback is the logging backend")
                    .isInstanceOf(LoggerContext.class);
            LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
            root = context.getLogger(Logger.ROOT_LOGGER_NAME);
            layout.setContext(context);
            layout.setPattern("%level %logger [%thread] {%mdc} %msg%n%ex{full}");
            layout.start();
            setContext(context);
            setName("secrets-not-logged");
            start();
            root.addAppender(this);
        }

        @Override
        protected void append(ILoggingEvent event) {
            text.append(layout.doLayout(event));
        }

        synchronized String text() {
            return text.toString();
        }

        @Override
        public void close() {
            root.detachAppender(this);
            stop();
        }
    }

    /** The secret half of {@code <id>.<secret>}: the id half is public and may be logged. */
    private static String secretOf(String credential) {
        return credential.substring(credential.indexOf('.') + 1);
    }

    @Test
    void no_credential_signing_secret_pin_or_tracking_token_is_logged_by_the_operations_that_handle_them()
            throws Exception {
        try (LogCapture log = new LogCapture()) {
            Map<String, String> secrets = new LinkedHashMap<>();
            secrets.put("operator token", DispatchUnderTest.ADMIN_TOKEN);
            secrets.put(
                    "secret-encryption key",
                    dispatch.bean(Environment.class).getProperty("dispatch.webhook.secret-encryption-key"));

            Merchant merchant = dispatch.newMerchant("Secrets " + UUID.randomUUID());
            secrets.put("API key secret", secretOf(merchant.apiKey()));
            String readOnly = dispatch.newKey(merchant.id(), "read");
            secrets.put("read-only API key secret", secretOf(readOnly));
            Rider rider = dispatch.newRider("Secrets rider");
            secrets.put("rider token secret", secretOf(rider.token()));

            try (WebhookReceiver receiver = new WebhookReceiver()) {
                secrets.put("signing secret", dispatch.registerWebhook(merchant.id(), receiver.url()));
                secrets.put(
                        "rotated signing secret",
                        dispatch.call(
                                        "POST",
                                        "/api/v1/admin/merchants/" + merchant.id() + "/webhook/rotate-secret",
                                        admin(),
                                        null,
                                        200)
                                .data()
                                .get("signingSecret")
                                .asText());

                JsonNode created = dispatch.call(
                                "POST",
                                "/api/v1/external/dispatches",
                                merchant(merchant.apiKey()),
                                ORDER.formatted(UUID.randomUUID()),
                                201)
                        .data();
                String id = created.get("id").asText();
                String pin = created.get("deliveryPin").asText();
                String wrongPin = String.format("%04d", (Integer.parseInt(pin) + 1) % 10_000);
                String trackingToken = created.get("trackingToken").asText();
                secrets.put("tracking token", trackingToken);
                dispatch.call("GET", "/api/v1/track/" + trackingToken, Map.of(), null, 200);
                assertThat(dispatch.send("GET", "/track/" + trackingToken, Map.of(), null, null)
                                .status())
                        .isEqualTo(200);
                dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(readOnly), null, 200);
                for (String action : List.of("accept", "pickup", "depart")) {
                    dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/" + action, rider(rider), null, 200);
                }
                Answer wrong = dispatch.call(
                        "POST", "/api/v1/rider/dispatches/" + id + "/deliver", rider(rider), pinProof(wrongPin), 422);
                assertThat(wrong.error().get("details").get("pinGuessesLeft").asInt())
                        .isEqualTo(4);
                dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/deliver", rider(rider), pinProof(pin), 200);
                dispatch.call("POST", "/api/v1/admin/merchants/" + merchant.id() + "/webhook/test", admin(), null, 202);
                // the lifecycle webhooks went out (signed with the secret) while the log was captured
                await().atMost(Duration.ofSeconds(20))
                        .until(() -> receiver.received().size() >= 6);

                // secrets presented wrongly are not logged either
                String wrongAdmin = "wrong-admin-" + UUID.randomUUID();
                secrets.put("wrong operator token", wrongAdmin);
                dispatch.call("GET", "/api/v1/admin/zones", Map.of("X-Admin-Token", wrongAdmin), null, 401);
                String wrongKeySecret = secretOf(merchant.apiKey()).substring(1) + "x";
                secrets.put("wrong API key secret", wrongKeySecret);
                dispatch.call(
                        "POST",
                        "/api/v1/external/ping",
                        Map.of("X-API-Key", merchant.keyId() + "." + wrongKeySecret),
                        null,
                        401);
                String wrongRiderSecret = secretOf(rider.token()).substring(1) + "x";
                secrets.put("wrong rider token secret", wrongRiderSecret);
                dispatch.call(
                        "GET",
                        "/api/v1/rider/offers",
                        Map.of(
                                "X-Rider-Token",
                                rider.token().substring(0, rider.token().indexOf('.') + 1) + wrongRiderSecret),
                        null,
                        401);

                String logged = log.text();
                // the capture saw these operations: the public halves and the PIN guard's warning are there
                assertThat(logged)
                        .as("the captured log")
                        .contains("Issued API key " + merchant.keyId())
                        .contains("Registered rider " + rider.id())
                        .contains("Wrong delivery PIN for delivery " + id);
                assertNoSecret(logged, secrets);
                for (String digits : List.of(pin, wrongPin)) {
                    assertThat(Pattern.compile("(?i)(pin|guess)\\w*\\W{0,5}" + digits + "(?!\\d)")
                                    .matcher(logged)
                                    .find())
                            .as("a PIN (%s) next to the word PIN or guess in the log", digits)
                            .isFalse();
                }
            }
        }
    }

    @Test
    void a_credential_header_the_firewall_refuses_is_logged_without_its_value() throws Exception {
        Merchant merchant = dispatch.newMerchant("Secrets firewall " + UUID.randomUUID());
        Rider rider = dispatch.newRider("Secrets firewall rider");
        // A credential pasted with a trailing "…" from a Windows-1252 text arrives as byte 0x85, the C1
        // control NEL in the ISO-8859-1 reading of HTTP headers: the firewall refuses the request.
        List<String[]> refused = List.of(
                new String[] {"X-API-Key", merchant.apiKey(), "/api/v1/external/ping", "POST"},
                new String[] {"X-Rider-Token", rider.token(), "/api/v1/rider/offers", "GET"},
                new String[] {"X-Admin-Token", DispatchUnderTest.ADMIN_TOKEN, "/api/v1/admin/zones", "GET"});
        try (LogCapture log = new LogCapture()) {
            Map<String, String> secrets = new LinkedHashMap<>();
            List<String> requestIds = new ArrayList<>();
            for (String[] probe : refused) {
                // the JDK client sends '?' for it, so the request goes on a socket, one byte a character
                String answer = raw(probe[3], probe[2], probe[0] + ": " + probe[1] + "\u0085");
                assertThat(answer)
                        .as("%s refused by the firewall", probe[0])
                        .startsWith("HTTP/1.1 400")
                        .contains("The request is not in canonical form");
                String secret = probe[0].equals("X-Admin-Token") ? probe[1] : secretOf(probe[1]);
                assertThat(answer)
                        .as("the answer does not echo the %s either", probe[0])
                        .doesNotContain(secret);
                secrets.put(probe[0], secret);
                java.util.regex.Matcher requestId =
                        Pattern.compile("(?im)^X-Request-Id: (\\S+)$").matcher(answer);
                assertThat(requestId.find()).as(answer).isTrue();
                requestIds.add(requestId.group(1));
            }
            String logged = log.text();
            for (String requestId : requestIds) {
                assertThat(logged)
                        .as("the refusal is logged")
                        .contains("Refused a non-canonical request (requestId=" + requestId + ")");
            }
            assertNoSecret(logged, secrets);
        }
    }

    /** One request with a header line the JDK client would not send as is; the whole answer as text. */
    private static String raw(String method, String path, String headerLine) throws Exception {
        java.net.URI base = java.net.URI.create(dispatch.baseUrl);
        String head = method + " " + path + " HTTP/1.1\r\n"
                + "Host: " + base.getHost() + ":" + base.getPort() + "\r\n"
                + headerLine + "\r\n"
                + "Connection: close\r\n\r\n";
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }

    private static String pinProof(String pin) {
        return "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"Njoki\",\"pin\":\"" + pin + "\"}}";
    }

    private static void assertNoSecret(String logged, Map<String, String> secrets) {
        secrets.forEach((what, secret) -> {
            assertThat(secret).as(what).isNotBlank();
            int at = logged.indexOf(secret);
            assertThat(at)
                    .as(
                            "the %s in the log: %s",
                            what,
                            at < 0
                                    ? ""
                                    : logged.substring(
                                            Math.max(0, at - 200),
                                            Math.min(logged.length(), at + secret.length() + 50)))
                    .isNegative();
        });
    }
}
