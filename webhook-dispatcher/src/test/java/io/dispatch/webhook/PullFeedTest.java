package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.infrastructure.WebhookReceiver;
import io.dispatch.webhook.notification.Notifications;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * GET /api/v1/external/events against the dispatcher on a real Kafka broker and PostgreSQL: the
 * feed serves the very notifications the endpoint received, in a stable order, and neither skips
 * nor repeats one while others are being inserted (decisions.md §8, docs/adr/0019).
 */
class PullFeedTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FEED = "/api/v1/external/events";
    private static RunningDispatcher dispatcher;

    @BeforeAll
    static void start() {
        dispatcher = RunningDispatcher.start(
                RunningDispatcher.settings(Map.of("dispatch.rate-limit.per-minute", "1000000")));
    }

    @AfterAll
    static void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
    }

    @Test
    void the_feed_serves_every_webhook_in_order_with_its_id_and_bytes_and_pages_with_the_next_cursor()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            TestEvents delivery = new TestEvents(merchant.id());
            RunningDispatcher.publish(List.of(
                    delivery.created(),
                    delivery.assigned(),
                    delivery.moved(-1.29, 36.82),
                    delivery.cancelled("customer left")));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> receiver.received().size() == 4);
            HttpResponse<String> test = dispatcher.call(
                    "POST", "/api/v1/external/webhooks/test", Map.of("X-API-Key", merchant.apiKey()), null);
            assertThat(test.statusCode()).as(test.body()).isEqualTo(202);
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> receiver.received().size() == 5);

            List<JsonNode> events = new ArrayList<>();
            List<String> pages = new ArrayList<>();
            String cursor = null;
            for (int page = 0; page < 3; page++) {
                HttpResponse<String> answer =
                        feed(merchant.apiKey(), "limit=2" + (cursor == null ? "" : "&after=" + cursor));
                JsonNode body = JSON.readTree(answer.body());
                assertThat(body.get("meta").get("limit").asInt()).isEqualTo(2);
                body.get("data").forEach(events::add);
                pages.add(answer.body());
                cursor = body.get("meta").get("nextCursor").asText();
            }

            assertThat(events)
                    .extracting(e -> e.get("id").asText())
                    .containsExactlyElementsOf(receiver.received().stream()
                            .map(WebhookReceiver.Received::eventId)
                            .toList());
            assertThat(events)
                    .extracting(e -> e.get("event").asText())
                    .containsExactly(
                            "dispatch.created",
                            "dispatch.assigned",
                            "dispatch.location_updated",
                            "dispatch.cancelled",
                            "webhook.test");
            String served = String.join("", pages);
            for (WebhookReceiver.Received hook : receiver.received()) {
                JsonNode event = events.stream()
                        .filter(e -> e.get("id").asText().equals(hook.eventId()))
                        .findFirst()
                        .orElseThrow();
                assertThat(event.get("event").asText()).isEqualTo(hook.header("X-Dispatch-Event"));
                assertThat(served)
                        .as("the data bytes of the webhook, unchanged")
                        .contains(dataBytes(hook.body()));
                assertThat(event.get("createdAt").asText())
                        .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
            }

            JsonNode last =
                    JSON.readTree(feed(merchant.apiKey(), "after=" + cursor).body());
            assertThat(last.get("data")).isEmpty();
            assertThat(last.get("meta").get("limit").asInt()).isEqualTo(100);
            assertThat(last.get("meta").get("nextCursor").asText())
                    .as("polling goes on from the same place")
                    .isEqualTo(cursor);
            RunningDispatcher.publish(List.of(delivery.pickedUp()));
            String pollFrom = cursor;
            await().atMost(Duration.ofSeconds(20))
                    .untilAsserted(() -> assertThat(JSON.readTree(feed(merchant.apiKey(), "after=" + pollFrom)
                                            .body())
                                    .get("data"))
                            .extracting(e -> e.get("event").asText())
                            .containsExactly("dispatch.picked_up"));
        }
    }

    @Test
    void a_notification_whose_transaction_commits_late_is_served_in_its_place_and_nothing_after_it_before() {
        var merchant = dispatcher.newMerchant();
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        CountDownLatch inserted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> slow =
                CompletableFuture.runAsync(() -> transactions().executeWithoutResult(status -> {
                    insert(merchant.id(), first, UUID.randomUUID(), 0);
                    inserted.countDown();
                    awaitLatch(release);
                }));
        awaitLatch(inserted);
        transactions().executeWithoutResult(status -> insert(merchant.id(), second, UUID.randomUUID(), 0));

        JsonNode whileOpen = page(merchant.apiKey(), "");
        assertThat(whileOpen.get("data"))
                .as("the later insert waits behind the open transaction")
                .isEmpty();
        release.countDown();
        slow.join();
        JsonNode after = page(
                merchant.apiKey(),
                "after=" + whileOpen.get("meta").get("nextCursor").asText());

        assertThat(after.get("data"))
                .extracting(e -> e.get("id").asText())
                .containsExactly(first.toString(), second.toString());
    }

    @Test
    void a_reader_paging_while_several_writers_insert_gets_every_notification_once_in_each_deliverys_order()
            throws Exception {
        var merchant = dispatcher.newMerchant();
        int writers = 4;
        int deliveriesPerWriter = 3;
        int perDelivery = 25;
        Map<UUID, List<UUID>> insertedByDelivery = new ConcurrentHashMap<>();
        // the writers stay just ahead of the reader, so that it pages at the moving end of the feed
        AtomicInteger committed = new AtomicInteger();
        AtomicInteger readSoFar = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<CompletableFuture<Void>> writing = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            Random random = new Random(w);
            writing.add(CompletableFuture.runAsync(
                    () -> write(
                            merchant.id(),
                            random,
                            deliveriesPerWriter,
                            perDelivery,
                            insertedByDelivery,
                            () -> readSoFar.get() >= committed.get() - 12,
                            committed),
                    pool));
        }
        CompletableFuture<Void> allWritten = CompletableFuture.allOf(writing.toArray(CompletableFuture[]::new));

        int expected = writers * deliveriesPerWriter * perDelivery;
        List<UUID> read = new ArrayList<>();
        Map<UUID, UUID> deliveryOf = new HashMap<>();
        AtomicReference<String> cursor = new AtomicReference<>();
        AtomicInteger pages = new AtomicInteger();
        // an empty page is no proof of the end: a row shows once every older transaction has ended
        await().atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(1))
                .until(() -> {
                    boolean writersDone = allWritten.isDone();
                    JsonNode page = page(
                            merchant.apiKey(), "limit=10" + (cursor.get() == null ? "" : "&after=" + cursor.get()));
                    pages.incrementAndGet();
                    page.get("data").forEach(event -> {
                        read.add(UUID.fromString(event.get("id").asText()));
                        deliveryOf.put(
                                UUID.fromString(event.get("id").asText()),
                                UUID.fromString(
                                        event.get("data").get("dispatch_id").asText()));
                    });
                    cursor.set(page.get("meta").get("nextCursor").asText());
                    readSoFar.set(read.size());
                    return writersDone && read.size() >= expected || allWritten.isCompletedExceptionally();
                });
        allWritten.join();
        pool.shutdown();

        assertThat(read).doesNotHaveDuplicates().hasSize(expected);
        assertThat(page(merchant.apiKey(), "after=" + cursor.get()).get("data"))
                .as("nothing after the end")
                .isEmpty();
        Map<UUID, List<UUID>> readByDelivery = new LinkedHashMap<>();
        read.forEach(id -> readByDelivery
                .computeIfAbsent(deliveryOf.get(id), d -> new ArrayList<>())
                .add(id));
        assertThat(readByDelivery).isEqualTo(insertedByDelivery);
        assertThat(pages.get()).as("the reader paged while the writers wrote").isGreaterThan(5);
    }

    @Test
    void another_merchants_events_are_never_served_and_its_cursors_are_refused() throws Exception {
        var mine = dispatcher.newMerchant();
        var theirs = dispatcher.newMerchant();
        UUID myNotification = UUID.randomUUID();
        UUID theirNotification = UUID.randomUUID();
        transactions().executeWithoutResult(status -> {
            insert(mine.id(), myNotification, UUID.randomUUID(), 0);
            insert(theirs.id(), theirNotification, UUID.randomUUID(), 0);
        });

        JsonNode myPage = page(mine.apiKey(), "");
        assertThat(myPage.get("data")).extracting(e -> e.get("id").asText()).containsExactly(myNotification.toString());
        assertThat(page(theirs.apiKey(), "").get("data"))
                .extracting(e -> e.get("id").asText())
                .containsExactly(theirNotification.toString());
        JsonNode refused = rejected(
                theirs.apiKey(), "after=" + myPage.get("meta").get("nextCursor").asText());
        assertThat(refused.at("/error/details/fieldErrors").properties())
                .extracting(Map.Entry::getKey)
                .containsExactly("after");
    }

    @ParameterizedTest(name = "{0} is refused under {1}")
    @CsvSource({
        "limit=0, limit",
        "limit=501, limit",
        "limit=-1, limit",
        "limit=abc, limit",
        "limit=1.5, limit",
        "limit=99999999999, limit",
        "limit=, limit",
        "after=not-a-cursor, after",
        "after=, after",
        "after=%2B%2F%3D, after",
        "after=ZTF8MXwy, after"
    })
    void a_bad_parameter_is_a_validation_error_naming_it(String query, String parameter) throws Exception {
        JsonNode body = rejected(dispatcher.newMerchant().apiKey(), query);

        assertThat(body.at("/error/details/fieldErrors").properties())
                .extracting(Map.Entry::getKey)
                .containsExactly(parameter);
        assertThat(body.at("/error/details/fieldErrors/" + parameter + "/0").asText())
                .isNotBlank();
    }

    @Test
    void a_tampered_cursor_is_refused_and_both_bad_parameters_are_reported_at_once() throws Exception {
        var merchant = dispatcher.newMerchant();
        transactions().executeWithoutResult(status -> insert(merchant.id(), UUID.randomUUID(), UUID.randomUUID(), 0));
        String cursor =
                page(merchant.apiKey(), "").get("meta").get("nextCursor").asText();
        int middle = cursor.length() / 2;
        String tampered =
                cursor.substring(0, middle) + (cursor.charAt(middle) == 'A' ? 'B' : 'A') + cursor.substring(middle + 1);

        assertThat(rejected(merchant.apiKey(), "after=" + tampered)
                        .at("/error/details/fieldErrors")
                        .has("after"))
                .isTrue();
        JsonNode both = rejected(merchant.apiKey(), "limit=600&after=" + tampered);
        assertThat(both.at("/error/details/fieldErrors").properties())
                .extracting(Map.Entry::getKey)
                .containsExactlyInAnyOrder("after", "limit");
        assertThat(both.at("/error/details/fieldErrors/limit/0").asText())
                .isEqualTo("must be an integer from 1 to 500");
    }

    @Test
    void the_feed_counts_against_the_rate_limit_and_needs_an_api_key() throws Exception {
        var merchant = dispatcher.newMerchant();

        HttpResponse<String> answer = feed(merchant.apiKey(), "");
        assertThat(answer.headers().firstValue("RateLimit-Limit")).contains("1000000");
        assertThat(answer.headers().firstValue("RateLimit-Remaining")).isPresent();
        HttpResponse<String> anonymous = dispatcher.call("GET", FEED, Map.of(), null);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(anonymous.body()).at("/error/code").asText()).isEqualTo("UNAUTHORIZED");
    }

    // ---- writers

    private static void write(
            UUID merchantId,
            Random random,
            int deliveries,
            int perDelivery,
            Map<UUID, List<UUID>> insertedByDelivery,
            java.util.concurrent.Callable<Boolean> readerClose,
            AtomicInteger committed) {
        List<UUID> dispatchIds = new ArrayList<>();
        for (int d = 0; d < deliveries; d++) {
            dispatchIds.add(UUID.randomUUID());
        }
        int[] next = new int[deliveries];
        int left = deliveries * perDelivery;
        while (left > 0) {
            int batch = Math.min(left, 1 + random.nextInt(4));
            List<int[]> picks = new ArrayList<>();
            for (int i = 0; i < batch; i++) {
                int d = random.nextInt(deliveries);
                while (next[d] == perDelivery) {
                    d = (d + 1) % deliveries;
                }
                picks.add(new int[] {d, next[d]++});
            }
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(1))
                    .until(readerClose);
            transactions().executeWithoutResult(status -> {
                for (int[] pick : picks) {
                    UUID id = UUID.randomUUID();
                    insert(merchantId, id, dispatchIds.get(pick[0]), pick[1]);
                    insertedByDelivery
                            .computeIfAbsent(dispatchIds.get(pick[0]), k -> new ArrayList<>())
                            .add(id);
                }
                // held open a little, so that transactions that began later often commit first
                dispatcher.jdbc().queryForList("select pg_sleep(?)", random.nextInt(21) / 1000.0);
            });
            committed.addAndGet(batch);
            left -= batch;
        }
    }

    /**
     * A notification as the recorder inserts it (the dispatcher then tries to send it: these
     * merchants have no endpoint, so it ends FAILED, which the feed does not care about).
     */
    private static void insert(UUID merchantId, UUID id, UUID dispatchId, long sequence) {
        byte[] body = ("{\"event\":\"dispatch.created\",\"data\":{\"dispatch_id\":\"" + dispatchId + "\",\"sequence\":"
                        + sequence + "}}")
                .getBytes(StandardCharsets.UTF_8);
        dispatcher
                .bean(Notifications.class)
                .createAll(
                        List.of(new Notifications.New(
                                id,
                                UUID.randomUUID(),
                                dispatchId,
                                merchantId,
                                sequence,
                                "dispatch.created",
                                body,
                                null)),
                        Instant.now());
    }

    private static TransactionTemplate transactions() {
        return dispatcher.bean(TransactionTemplate.class);
    }

    private static void awaitLatch(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    // ---- HTTP

    private static HttpResponse<String> feed(String apiKey, String query) throws Exception {
        return dispatcher.call("GET", FEED + (query.isEmpty() ? "" : "?" + query), Map.of("X-API-Key", apiKey), null);
    }

    private static JsonNode page(String apiKey, String query) {
        try {
            HttpResponse<String> answer = feed(apiKey, query);
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            JsonNode body = JSON.readTree(answer.body());
            assertThat(body.get("success").asBoolean()).isTrue();
            return body;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static JsonNode rejected(String apiKey, String query) throws Exception {
        HttpResponse<String> answer = feed(apiKey, query);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
        JsonNode body = JSON.readTree(answer.body());
        assertThat(body.at("/error/code").asText()).isEqualTo("VALIDATION_ERROR");
        return body;
    }

    /** The data member of a webhook body {"event":..,"data":..} as the bytes (here text) that were sent. */
    private static String dataBytes(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        String marker = ",\"data\":";
        return text.substring(text.indexOf(marker) + marker.length(), text.length() - 1);
    }
}
