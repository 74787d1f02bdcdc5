package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.web.identity.MerchantAccounts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the fuzzer's requests point at, set up over the API before it starts: merchant A (every
 * merchant request is A's, with keys from a pool so the per-key rate limit never answers
 * instead of the route), merchant B (whose ids and cursor A must never reach), merchant C (the
 * operator routes' playground: suspended, revoked, re-pointed at will, never used for merchant
 * calls), two riders, deliveries of A in every state a rider can act on, and a what-if comparison.
 */
final class FuzzWorld {

    /** Uses per key, well under the 60 per minute the service allows. */
    private static final int USES_PER_KEY = 50;

    final DispatchUnderTest dispatch;
    final Merchant a;
    final Merchant b;
    final Merchant c;
    final Rider rider;
    final Rider otherRider;
    final List<String> ownDeliveries = new ArrayList<>();
    final List<String> otherDeliveries = new ArrayList<>();
    final List<String> trackingTokens = new ArrayList<>();
    /** {delivery id, notification id} of A's deliveries. */
    final List<String[]> notifications = new ArrayList<>();

    final List<String> cKeyIds = new ArrayList<>();
    /** A what-if comparison the operator asked for: what GET /api/v1/admin/dispatch/whatif/{id} reads. */
    final String whatIfJob;

    final String ownCursor;
    final String otherCursor;
    final String receiverUrl;
    private final Map<String, int[]> uses = new ConcurrentHashMap<>();
    private final Map<String, String> current = new HashMap<>();
    private int keysIssued;

    FuzzWorld(DispatchUnderTest dispatch, String receiverUrl) throws Exception {
        this.dispatch = dispatch;
        this.receiverUrl = receiverUrl;
        a = dispatch.newMerchant("Fuzz A");
        b = dispatch.newMerchant("Fuzz B");
        c = dispatch.newMerchant("Fuzz C playground");
        rider = dispatch.newRider("Fuzz Rider");
        otherRider = dispatch.newRider("Other Fuzz Rider");
        dispatch.registerWebhook(a.id(), receiverUrl);
        for (int i = 0; i < 3; i++) {
            cKeyIds.add(keyIdOf(dispatch.newKey(c.id())));
        }
        for (int i = 0; i < 12; i++) {
            JsonNode created = create(a, "seed-a-" + i);
            ownDeliveries.add(created.get("id").asText());
            trackingTokens.add(created.get("trackingToken").asText());
        }
        for (int i = 0; i < 4; i++) {
            otherDeliveries.add(create(b, "seed-b-" + i).get("id").asText());
        }
        drive();
        whatIfJob = dispatch.call(
                        "POST",
                        "/api/v1/admin/dispatch/whatif",
                        admin(),
                        "{\"day\":\""
                                + java.time.LocalDate.now(java.time.ZoneOffset.UTC)
                                        .minusDays(1) + "\",\"modes\":[\"RANKED\"]}",
                        202)
                .data()
                .get("id")
                .asText();
        ownCursor = cursor(a);
        otherCursor = cursor(b);
        String first = ownDeliveries.getFirst();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> dispatch.call(
                                        "GET",
                                        "/api/v1/external/dispatches/" + first + "/webhooks",
                                        merchant(a.apiKey()),
                                        null,
                                        200)
                                .data()
                                .size()
                        > 0);
        for (String id : ownDeliveries.subList(0, 4)) {
            for (JsonNode n : dispatch.call(
                            "GET", "/api/v1/external/dispatches/" + id + "/webhooks", merchant(a.apiKey()), null, 200)
                    .data()) {
                notifications.add(new String[] {id, n.get("id").asText()});
            }
        }
    }

    private JsonNode create(Merchant merchant, String externalId) throws Exception {
        String order = """
        {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001","externalId":"%s",
         "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
         "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"COD","amountCents":150000}""".formatted(externalId);
        return dispatch.call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), order, 201)
                .data();
    }

    /** The rider holds A's deliveries 0..5: two ASSIGNED, two PICKED_UP, two IN_TRANSIT; the rest stay NEW. */
    private void drive() throws Exception {
        for (int i = 0; i < 6; i++) {
            String id = ownDeliveries.get(i);
            dispatch.call(
                    "POST", "/api/v1/rider/dispatches/" + id + "/accept", DispatchUnderTest.rider(rider), null, 200);
            if (i >= 2) {
                dispatch.call(
                        "POST",
                        "/api/v1/rider/dispatches/" + id + "/pickup",
                        DispatchUnderTest.rider(rider),
                        null,
                        200);
            }
            if (i >= 4) {
                dispatch.call(
                        "POST",
                        "/api/v1/rider/dispatches/" + id + "/depart",
                        DispatchUnderTest.rider(rider),
                        null,
                        200);
            }
        }
    }

    private String cursor(Merchant merchant) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches?limit=1", merchant(merchant.apiKey()), null, 200)
                .json()
                .get("meta")
                .get("nextCursor")
                .asText();
    }

    private static String keyIdOf(String apiKey) {
        return apiKey.substring(0, apiKey.indexOf('.'));
    }

    /**
     * A key of {@code merchant} (A, B, or C once the run is over) with {@code scope} ("" for both scopes) that has been used
     * fewer than {@value #USES_PER_KEY} times; a fresh one is issued when the current one is spent.
     */
    synchronized String key(String merchant, String scope) throws Exception {
        String slot = merchant + ":" + scope;
        String key = current.get(slot);
        int[] count = key == null ? null : uses.get(key);
        if (key == null || count[0] >= USES_PER_KEY) {
            String merchantId = switch (merchant) {
                case "A" -> a.id();
                case "B" -> b.id();
                default -> c.id();
            };
            key = issue(merchantId, scope);
            keysIssued++;
            current.put(slot, key);
            uses.put(key, new int[] {0});
        }
        uses.get(key)[0]++;
        return key;
    }

    /**
     * A new key of the merchant. A merchant holds at most 10 active keys
     * ({@code dispatch.api-keys.max-per-merchant}): when it is full (A after many spent keys, C
     * after the run's own key requests), the keys the world no longer hands out are revoked first.
     */
    private String issue(String merchantId, String scope) throws Exception {
        String body = scope.isEmpty() ? "{}" : "{\"scopes\":[\"" + scope + "\"]}";
        DispatchUnderTest.Answer answer = dispatch.send(
                "POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys", admin(), body, "application/json");
        if (answer.status() == 422) {
            MerchantAccounts accounts = dispatch.bean(MerchantAccounts.class);
            UUID id = UUID.fromString(merchantId);
            Set<String> handedOut = new HashSet<>();
            current.values().forEach(k -> handedOut.add(keyIdOf(k)));
            List.of(a, b, c).forEach(m -> handedOut.add(keyIdOf(m.apiKey())));
            accounts.listKeys(id).stream()
                    .filter(k -> k.revokedAt() == null && !handedOut.contains(k.keyId()))
                    .forEach(k -> accounts.revokeKey(id, k.keyId()));
            answer = dispatch.send(
                    "POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys", admin(), body, "application/json");
        }
        if (answer.status() != 201) {
            throw new AssertionError("no key for merchant " + merchantId + ": "
                    + answer.response().body());
        }
        return answer.data().get("apiKey").asText();
    }

    synchronized int keysIssued() {
        return keysIssued;
    }

    static Map<String, String> adminHeaders() {
        return admin();
    }
}
