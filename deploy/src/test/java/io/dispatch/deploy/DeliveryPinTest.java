package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The delivery PIN stays with the merchant and the customer, over real HTTP against the whole
 * service: riders never see the PIN or the tracking link that shows it; a delivery takes at most
 * 5 wrong PIN guesses, however many arrive at once, then PIN proofs lock until an operator resets
 * them; the guesses are in the event log for auditors but not in the merchant's history or webhooks.
 */
class DeliveryPinTest {

    /** Kisumu, far from every other test's deliveries, so offers near it are ours. */
    private static final double LAT = -0.0917;

    private static final double LNG = 34.7680;
    private static final List<String> NEVER_FOR_RIDERS = List.of("trackingToken", "trackingUrl", "deliveryPin");
    private static final String LOCKED_MESSAGE =
            "PIN proofs are locked for this delivery after 5 wrong guesses; an operator must reset them";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant merchant;
    private static WebhookReceiver webhooks;
    private static ExecutorService pool;

    @BeforeAll
    static void start() throws Exception {
        merchant = dispatch.newMerchant("PIN guard");
        webhooks = new WebhookReceiver();
        dispatch.registerWebhook(merchant.id(), webhooks.url());
        pool = Executors.newFixedThreadPool(20);
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
        webhooks.close();
    }

    private static JsonNode create(String externalId) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        """
        {"customerName":"Akinyi Odhiambo","customerPhone":"+254 700 000 003","externalId":"%s",
         "pickup":{"address":"Oginga Odinga St, Kisumu","lat":%s,"lng":%s},
         "dropoff":{"address":"Milimani, Kisumu","lat":-0.1022,"lng":34.7617},
         "paymentType":"PREPAID"}""".formatted(externalId, LAT, LNG),
                        201)
                .data();
    }

    /** A rider action that must succeed; its answer is the rider's form of the delivery. */
    private static JsonNode act(Rider rider, String id, String action, String body) throws Exception {
        Answer answer = dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/" + action, rider(rider), body, 200);
        assertRiderForm(answer.data(), action);
        return answer.data();
    }

    private static void assertRiderForm(JsonNode delivery, String where) {
        for (String field : NEVER_FOR_RIDERS) {
            assertThat(delivery.has(field))
                    .as("%s in the rider's answer to %s", field, where)
                    .isFalse();
        }
        assertThat(delivery.has("pinLock"))
                .as("pinLock in the rider's answer to %s", where)
                .isFalse();
    }

    private static String inTransit(Rider rider, String externalId) throws Exception {
        String id = create(externalId).get("id").asText();
        act(rider, id, "accept", null);
        act(rider, id, "pickup", null);
        act(rider, id, "depart", null);
        return id;
    }

    private static String pinProof(String pin) {
        return "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"Akinyi\",\"pin\":\"" + pin + "\"}}";
    }

    private static Answer guess(Rider rider, String id, String pin) throws Exception {
        return dispatch.send(
                "POST", "/api/v1/rider/dispatches/" + id + "/deliver", rider(rider), pinProof(pin), "application/json");
    }

    private static String pinOf(String id) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(merchant.apiKey()), null, 200)
                .data()
                .get("deliveryPin")
                .asText();
    }

    private static String wrong(String pin) {
        return String.format("%04d", (Integer.parseInt(pin) + 1) % 10_000);
    }

    private static JsonNode operatorView(String id) throws Exception {
        return dispatch.call("GET", "/api/v1/admin/dispatches/" + id, admin(), null, 200)
                .data();
    }

    private static long stored(String id, Class<?> type) {
        return dispatch.bean(EventStore.class)
                .readEvents(id)
                .asStream()
                .filter(e -> type.isInstance(e.getPayload()))
                .count();
    }

    @Test
    void riders_never_see_the_pin_or_the_tracking_link_in_offers_or_any_answer() throws Exception {
        Rider rider = dispatch.newRider("Otieno Careful");
        JsonNode created = create("hidden");
        String id = created.get("id").asText();
        String token = created.get("trackingToken").asText();
        String pin = created.get("deliveryPin").asText();
        assertThat(created.get("trackingUrl").asText()).endsWith("/track/" + token);

        dispatch.call("POST", "/api/v1/rider/location", rider(rider), "{\"lat\":" + LAT + ",\"lng\":" + LNG + "}", 202);
        // offers read the projection without waiting for it: the new delivery shows up shortly
        Answer offers = await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> dispatch.call("GET", "/api/v1/rider/offers?limit=200", rider(rider), null, 200),
                        answer -> answer.response().body().contains(id));
        offers.data().forEach(offer -> assertRiderForm(offer, "offers"));
        assertThat(offers.response().body()).doesNotContain(token);

        JsonNode accepted = act(rider, id, "accept", null);
        assertThat(accepted.get("status").asText()).isEqualTo("ASSIGNED");
        assertThat(accepted.get("customerName").asText())
                .as("the rest of the delivery is there, for the rider who holds it")
                .isEqualTo("Akinyi Odhiambo");
        act(rider, id, "pickup", null);
        act(rider, id, "depart", null);
        JsonNode delivered = act(rider, id, "deliver", pinProof(pin));
        assertThat(delivered.get("status").asText()).isEqualTo("DELIVERED");

        String failing = create("given-up").get("id").asText();
        act(rider, failing, "accept", null);
        JsonNode failed = act(rider, failing, "fail", "{\"reasonCode\":\"RIDER_UNAVAILABLE\",\"detail\":\"Puncture\"}");
        assertThat(failed.get("status").asText()).isEqualTo("FAILED");

        JsonNode docs = dispatch.documents();
        JsonNode schemas = docs.get("components").get("schemas");
        assertThat(schemas.get("RiderDelivery").get("properties").has("status")).isTrue();
        for (String field : NEVER_FOR_RIDERS) {
            assertThat(schemas.get("RiderDelivery").get("properties").has(field))
                    .as("documented %s", field)
                    .isFalse();
        }
        for (String action : List.of("accept", "pickup", "depart", "deliver", "fail")) {
            assertThat(successSchema(docs, "/api/v1/rider/dispatches/{id}/" + action, "post"))
                    .as("200 of %s", action)
                    .endsWith("/RiderDeliveryResponse");
        }
        assertThat(successSchema(docs, "/api/v1/rider/offers", "get")).endsWith("/RiderOfferListResponse");
        for (String field : NEVER_FOR_RIDERS) {
            assertThat(schemas.get("RiderOffer").get("properties").has(field))
                    .as("documented %s in offers", field)
                    .isFalse();
        }
        assertThat(successSchema(docs, "/api/v1/admin/dispatches/{id}", "get")).endsWith("/OperatorDeliveryResponse");
        assertThat(successSchema(docs, "/api/v1/admin/dispatches/{id}/pin/reset", "post"))
                .endsWith("/OperatorDeliveryResponse");
        assertThat(schemas.get("Delivery").get("properties").has("pinLock"))
                .as("merchants never see it")
                .isFalse();
        JsonNode operatorForm = schemas.get("OperatorDelivery").get("properties");
        assertThat(operatorForm.has("status") && operatorForm.has("deliveryPin") && operatorForm.has("pinLock"))
                .as("the operator's form is the merchant's plus pinLock: %s", operatorForm)
                .isTrue();
    }

    private static String successSchema(JsonNode docs, String path, String method) {
        return docs.get("paths")
                .get(path)
                .get(method)
                .get("responses")
                .get("200")
                .get("content")
                .get("application/json")
                .get("schema")
                .get("$ref")
                .asText();
    }

    @Test
    void five_wrong_pins_lock_pin_proofs_until_an_operator_resets_them_and_the_history_shows_none() throws Exception {
        Rider rider = dispatch.newRider("Wanjiru Hopeful");
        String id = inTransit(rider, "guessed");
        String pin = pinOf(id);

        for (int guess = 1; guess <= 5; guess++) {
            Answer refused = guess(rider, id, wrong(pin));
            assertThat(refused.status()).as(refused.response().body()).isEqualTo(422);
            JsonNode error = refused.error();
            assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(error.get("details").get("fieldErrors").has("proof.pin")).isTrue();
            assertThat(error.get("details").get("pinGuessesLeft").asInt()).isEqualTo(5 - guess);
            assertThat(error.get("message").asText())
                    .contains(guess < 5 ? (5 - guess) + (guess == 4 ? " guess left" : " guesses left") : "now locked");
        }
        Answer locked = guess(rider, id, pin);
        assertThat(locked.status()).as("even the right PIN, once locked").isEqualTo(409);
        assertThat(locked.error().get("code").asText()).isEqualTo("CONFLICT");
        assertThat(locked.error().get("message").asText()).isEqualTo(LOCKED_MESSAGE);
        assertThat(locked.error().get("details").get("pinLocked").asBoolean()).isTrue();

        JsonNode seen = operatorView(id);
        assertThat(seen.get("status").asText()).isEqualTo("IN_TRANSIT");
        assertThat(seen.get("deliveryPin").asText()).isEqualTo(pin);
        assertThat(seen.get("pinLock").get("wrongGuesses").asInt()).isEqualTo(5);
        assertThat(seen.get("pinLock").get("locked").asBoolean()).isTrue();
        assertThat(seen.get("pinLock").get("lockedAt").asText()).endsWith("Z");
        JsonNode merchantSees = dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + id, merchant(merchant.apiKey()), null, 200)
                .data();
        assertThat(merchantSees.has("pinLock")).isFalse();

        dispatch.call("POST", "/api/v1/admin/dispatches/" + id + "/pin/reset", rider(rider), null, 401);
        dispatch.call("POST", "/api/v1/admin/dispatches/" + UUID.randomUUID() + "/pin/reset", admin(), null, 404);
        Map<String, String> operator = new HashMap<>(admin());
        operator.put("X-Operator-Id", "ops-pin");
        JsonNode reset = dispatch.call("POST", "/api/v1/admin/dispatches/" + id + "/pin/reset", operator, null, 200)
                .data();
        assertThat(reset.get("pinLock").get("wrongGuesses").asInt()).isZero();
        assertThat(reset.get("pinLock").get("locked").asBoolean()).isFalse();
        assertThat(reset.get("pinLock").get("lockedAt").isNull()).isTrue();
        assertThat(operatorView(id).get("pinLock").get("locked").asBoolean())
                .as("read after the reset")
                .isFalse();

        Answer afterReset = guess(rider, id, wrong(pin));
        assertThat(afterReset.status()).isEqualTo(422);
        assertThat(afterReset.error().get("details").get("pinGuessesLeft").asInt())
                .as("counting starts again")
                .isEqualTo(4);
        JsonNode delivered = act(rider, id, "deliver", pinProof(pin));
        assertThat(delivered.get("status").asText()).isEqualTo("DELIVERED");
        assertThat(delivered.get("proofOfDelivery").get("type").asText()).isEqualTo("PIN");

        JsonNode history = dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + id + "/events", merchant(merchant.apiKey()), null, 200)
                .data();
        List<String> transitions = new ArrayList<>();
        history.forEach(entry -> transitions.add(entry.get("status").asText() + " by "
                + entry.get("actor").get("type").asText()));
        assertThat(transitions)
                .containsExactly(
                        "NEW by merchant",
                        "ASSIGNED by rider",
                        "PICKED_UP by rider",
                        "IN_TRANSIT by rider",
                        "DELIVERED by rider");
        assertThat(stored(id, DeliveryPinRejected.class))
                .as("every checked guess is in the event log")
                .isEqualTo(6);
        assertThat(stored(id, DeliveryPinReset.class)).isEqualTo(1);
        assertThat(dispatch.call("POST", "/api/v1/admin/dispatches/" + id + "/pin/reset", admin(), null, 409)
                        .error()
                        .get("details")
                        .get("currentStatus")
                        .asText())
                .isEqualTo("DELIVERED");

        await().atMost(Duration.ofSeconds(20)).until(() -> webhookEvents(id).contains("dispatch.delivered"));
        assertThat(webhookEvents(id))
                .as("merchants are not told of guesses or resets")
                .containsExactly(
                        "dispatch.created",
                        "dispatch.assigned",
                        "dispatch.picked_up",
                        "dispatch.en_route",
                        "dispatch.delivered");
        JsonNode stats = dispatch.call("GET", "/api/v1/admin/pin-guard/stats", admin(), null, 200)
                .data();
        assertThat(stats.get("wrongGuesses").asLong()).isGreaterThanOrEqualTo(6);
        assertThat(stats.get("locks").asLong()).isGreaterThanOrEqualTo(1);
        assertThat(stats.get("resets").asLong()).isGreaterThanOrEqualTo(1);
    }

    private static List<String> webhookEvents(String id) throws Exception {
        List<String> events = new ArrayList<>();
        for (WebhookReceiver.Received hook : webhooks.received()) {
            JsonNode body = DispatchUnderTest.JSON.readTree(hook.body());
            if (id.equals(body.get("data").path("dispatch_id").asText())) {
                events.add(body.get("event").asText());
            }
        }
        return events;
    }

    @Test
    void wrong_guesses_sent_all_at_once_never_get_more_than_five_compared() throws Exception {
        Rider rider = dispatch.newRider("Kamau Hasty");
        String id = inTransit(rider, "raced");
        String wrongPin = wrong(pinOf(id));

        CountDownLatch go = new CountDownLatch(1);
        List<Future<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Callable<Answer> attempt = () -> {
                go.await();
                return guess(rider, id, wrongPin);
            };
            answers.add(pool.submit(attempt));
        }
        go.countDown();
        List<Integer> guessesLeft = new ArrayList<>();
        int lockedAnswers = 0;
        for (Future<Answer> future : answers) {
            Answer answer = future.get();
            if (answer.status() == 422) {
                guessesLeft.add(
                        answer.error().get("details").get("pinGuessesLeft").asInt());
            } else {
                assertThat(answer.status()).as(answer.response().body()).isEqualTo(409);
                assertThat(answer.error().get("details").get("pinLocked").asBoolean())
                        .isTrue();
                lockedAnswers++;
            }
        }
        assertThat(guessesLeft).as("guesses compared").containsExactlyInAnyOrder(4, 3, 2, 1, 0);
        assertThat(lockedAnswers).isEqualTo(15);
        assertThat(stored(id, DeliveryPinRejected.class)).isEqualTo(5);
        assertThat(operatorView(id).get("pinLock").get("wrongGuesses").asInt()).isEqualTo(5);

        JsonNode delivered = act(
                rider,
                id,
                "deliver",
                "{\"proof\":{\"type\":\"PHOTO\",\"recipientName\":\"Akinyi\",\"photoUrl\":\"https://cdn.example/door.jpg\"}}");
        assertThat(delivered.get("status").asText())
                .as("a PHOTO proof is not affected by the PIN lock")
                .isEqualTo("DELIVERED");
    }
}
