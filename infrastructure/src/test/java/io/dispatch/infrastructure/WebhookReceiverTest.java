package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The test endpoint answers as told and keeps what it was sent, so tests can trust what it reports. */
class WebhookReceiverTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final WebhookReceiver receiver = new WebhookReceiver();

    @AfterEach
    void close() {
        receiver.close();
    }

    private CompletableFuture<HttpResponse<Void>> send(String eventId, String body) {
        return HTTP.sendAsync(
                HttpRequest.newBuilder(URI.create(receiver.url()))
                        .header(WebhookReceiver.EVENT_ID_HEADER, eventId)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }

    @Test
    void it_answers_204_at_once_and_keeps_the_headers_the_body_and_its_answer() {
        assertThat(send("e1", "{\"event\":\"dispatch.created\"}").join().statusCode())
                .isEqualTo(204);

        WebhookReceiver.Received hook = receiver.received().getFirst();
        assertThat(hook.eventId()).isEqualTo("e1");
        assertThat(hook.header("x-dispatch-event-id")).as("any case").isEqualTo("e1");
        assertThat(hook.text()).isEqualTo("{\"event\":\"dispatch.created\"}");
        assertThat(hook.status()).isEqualTo(204);
    }

    @Test
    void failing_first_answers_the_first_tries_of_each_event_with_the_status_and_retry_after() {
        receiver.failingFirst(2, 429).retryAfter("3");

        HttpResponse<Void> first = send("e1", "{}").join();
        assertThat(first.statusCode()).isEqualTo(429);
        assertThat(first.headers().firstValue("Retry-After")).hasValue("3");
        assertThat(send("e2", "{}").join().statusCode())
                .as("another event's first try")
                .isEqualTo(429);
        assertThat(send("e1", "{}").join().statusCode()).isEqualTo(429);
        assertThat(send("e1", "{}").join().statusCode()).isEqualTo(204);
        assertThat(receiver.requestsFor("e1")).isEqualTo(3);
        assertThat(receiver.received())
                .extracting(WebhookReceiver.Received::status)
                .containsExactly(429, 429, 429, 204);
    }

    @Test
    void a_delayed_answer_holds_the_request_until_the_delay_has_passed() {
        receiver.delaying(Duration.ofMillis(800)).answering(503);
        long sent = System.nanoTime();

        CompletableFuture<HttpResponse<Void>> answer = send("e1", "{}");
        await().atMost(Duration.ofSeconds(5)).until(() -> receiver.holding() == 1);
        assertThat(receiver.received()).as("not answered yet").isEmpty();

        assertThat(answer.join().statusCode()).isEqualTo(503);
        assertThat(Duration.ofNanos(System.nanoTime() - sent)).isGreaterThanOrEqualTo(Duration.ofMillis(800));
        assertThat(receiver.holding()).isZero();
        assertThat(receiver.received()).hasSize(1);
    }

    @Test
    void closing_drops_the_requests_it_holds() {
        receiver.delaying(Duration.ofMinutes(5));
        CompletableFuture<HttpResponse<Void>> answer = send("e1", "{}");
        await().atMost(Duration.ofSeconds(5)).until(() -> receiver.holding() == 1);

        receiver.close();

        await().atMost(Duration.ofSeconds(5)).until(answer::isDone);
        assertThat(answer).isCompletedExceptionally();
    }
}
