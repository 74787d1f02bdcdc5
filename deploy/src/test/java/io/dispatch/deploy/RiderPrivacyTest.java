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
import io.dispatch.events.GreatCircle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Riders' privacy and the sandbox line through the whole service (decisions.md §13, issue 32):
 * an offer holds only what deciding needs, the rider who holds a delivery sees its customer but
 * never its PIN or tracking link, and a sandbox merchant's deliveries are for sandbox riders only
 * (a real merchant's for real riders only), 404 across the line.
 */
class RiderPrivacyTest {

    /** Eldoret, away from the other tests' deliveries, so offers near it are ours. */
    private static final double PICKUP_LAT = 0.5143;

    private static final double PICKUP_LNG = 35.2698;
    private static final double DROPOFF_LAT = 0.5287;
    private static final double DROPOFF_LNG = 35.2861;
    private static final String CUSTOMER = "Chebet Kiprono";
    private static final String PHONE = "+254 722 000 417";
    private static final String DROPOFF_ADDRESS = "Uganda Rd 17, Eldoret";
    private static final String DROPOFF_NOTES = "Blue gate, second floor";
    private static final Set<String> OFFER_FIELDS = Set.of(
            "offerId",
            "expiresAt",
            "id",
            "dispatchId",
            "pickup",
            "dropoffArea",
            "tripMeters",
            "distanceToPickupMeters",
            "paymentType",
            "amountCents",
            "feeCents",
            "targetPickupAt");
    private static final List<String> NEVER_FOR_RIDERS = List.of("trackingToken", "trackingUrl", "deliveryPin");

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant real;
    private static Merchant sandbox;

    @BeforeAll
    static void merchants() throws Exception {
        real = dispatch.newMerchant("Eldoret Books " + UUID.randomUUID());
        sandbox = dispatch.newSandboxMerchant("Eldoret Sandbox " + UUID.randomUUID());
    }

    @Test
    void offers_show_a_real_rider_only_what_deciding_needs_and_nothing_of_the_customer() throws Exception {
        Rider rider = dispatch.newRider("Kiptoo Offers");
        JsonNode cod = create(real, "COD", "bk-" + UUID.randomUUID());
        JsonNode prepaid = create(real, "PREPAID", "bk-" + UUID.randomUUID());

        // before the rider reports a position: every offer has the same fields, without a distance
        Answer unlocated = await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> dispatch.call("GET", "/api/v1/rider/offers?limit=200", rider(rider), null, 200),
                        offers -> offers.data().size() > 0);
        for (JsonNode any : unlocated.data()) {
            assertThat(names(any)).isEqualTo(new TreeSet<>(OFFER_FIELDS));
            assertThat(any.get("distanceToPickupMeters").isNull())
                    .as("no position yet")
                    .isTrue();
        }

        Answer answer = offersContaining(
                rider, cod.get("id").asText(), prepaid.get("id").asText());
        JsonNode offer = offer(answer, cod.get("id").asText());
        assertThat(names(offer)).isEqualTo(new TreeSet<>(OFFER_FIELDS));
        assertThat(names(offer.get("pickup"))).containsExactlyInAnyOrder("address", "lat", "lng");
        assertThat(offer.get("pickup").get("address").asText()).isEqualTo("Kenyatta St 3, Eldoret");
        assertThat(offer.get("pickup").get("lat").asDouble()).isEqualTo(PICKUP_LAT);
        assertThat(names(offer.get("dropoffArea"))).containsExactlyInAnyOrder("lat", "lng");
        assertThat(offer.get("dropoffArea").get("lat").asDouble())
                .as("rounded to 2 decimals")
                .isEqualTo(0.53);
        assertThat(offer.get("dropoffArea").get("lng").asDouble()).isEqualTo(35.29);
        assertThat(offer.get("tripMeters").asLong())
                .isEqualTo(GreatCircle.distanceMeters(PICKUP_LAT, PICKUP_LNG, DROPOFF_LAT, DROPOFF_LNG));
        assertThat(offer.get("paymentType").asText()).isEqualTo("COD");
        assertThat(offer.get("amountCents").asLong()).as("the cash to collect").isEqualTo(150000);
        assertThat(offer.get("feeCents").asLong()).isEqualTo(cod.get("feeCents").asLong());
        assertThat(offer(answer, prepaid.get("id").asText()).get("amountCents").isNull())
                .as("no cash to collect, no amount")
                .isTrue();
        assertThat(answer.response().body())
                .doesNotContain(CUSTOMER, PHONE, DROPOFF_ADDRESS, DROPOFF_NOTES, "Ask for Mama Nafula")
                .doesNotContain(
                        cod.get("externalId").asText(),
                        prepaid.get("externalId").asText())
                .doesNotContain(cod.get("trackingToken").asText());

        assertThat(offer.get("distanceToPickupMeters").asLong())
                .isEqualTo(GreatCircle.distanceMeters(0.52, 35.26, PICKUP_LAT, PICKUP_LNG));
    }

    @Test
    void the_rider_who_holds_a_delivery_sees_its_customer_in_every_answer_but_never_the_pin_or_tracking_link()
            throws Exception {
        Rider rider = dispatch.newRider("Kiptoo Holder");
        JsonNode created = create(real, "COD", "bk-" + UUID.randomUUID());
        String id = created.get("id").asText();
        Answer offers = offersContaining(rider, id);
        assertThat(offer(offers, id).has("customerName"))
                .as("not before holding it")
                .isFalse();

        List<JsonNode> answers = new ArrayList<>();
        answers.add(act(rider, id, "accept", null, 200).data());
        answers.add(act(rider, id, "pickup", null, 200).data());
        answers.add(act(rider, id, "depart", null, 200).data());
        String pin = created.get("deliveryPin").asText();
        answers.add(act(rider, id, "deliver", proof(pin), 200).data());
        String failing =
                create(real, "PREPAID", "bk-" + UUID.randomUUID()).get("id").asText();
        act(rider, failing, "accept", null, 200);
        answers.add(act(rider, failing, "fail", "{\"reasonCode\":\"REFUSED\",\"detail\":\"Not ordered\"}", 200)
                .data());

        for (JsonNode held : answers) {
            assertThat(held.get("riderId").asText()).isEqualTo(rider.id());
            assertThat(held.get("customerName").asText()).isEqualTo(CUSTOMER);
            assertThat(held.get("customerPhone").asText()).isEqualTo(PHONE);
            assertThat(held.get("dropoff").get("address").asText()).isEqualTo(DROPOFF_ADDRESS);
            assertThat(held.get("dropoff").get("notes").asText()).isEqualTo(DROPOFF_NOTES);
            for (String field : NEVER_FOR_RIDERS) {
                assertThat(held.has(field)).as("%s in %s", field, held).isFalse();
            }
            assertThat(held.toString())
                    .doesNotContain(created.get("trackingToken").asText());
        }
    }

    @Test
    void a_real_rider_neither_sees_nor_takes_a_sandbox_merchants_delivery() throws Exception {
        Rider rider = dispatch.newRider("Kiptoo Real");
        String bait =
                create(sandbox, "COD", "bait-" + UUID.randomUUID()).get("id").asText();
        // a real delivery created after the bait is offered: the bait, NEW or taken by a simulated rider, is not
        String control =
                create(real, "COD", "bk-" + UUID.randomUUID()).get("id").asText();
        assertThat(offersContaining(rider, control).response().body()).doesNotContain(bait);

        for (String action : List.of("accept", "pickup", "depart", "fail")) {
            assertNotFound(act(rider, bait, action, failure(action), 404));
        }
        assertNotFound(act(rider, bait, "deliver", proof("0000"), 404));
    }

    @Test
    void a_sandbox_rider_neither_sees_nor_takes_a_real_merchants_delivery() throws Exception {
        Rider sandboxRider = dispatch.newSandboxRider("Sandbox Kiptoo");
        Rider realRider = dispatch.newRider("Kiptoo Control");
        String id = create(real, "COD", "bk-" + UUID.randomUUID()).get("id").asText();
        offersContaining(realRider, id);

        Answer seen = dispatch.call("GET", "/api/v1/rider/offers?limit=200", rider(sandboxRider), null, 200);
        assertThat(seen.response().body()).doesNotContain(id);
        assertNotFound(act(sandboxRider, id, "accept", null, 404));
        assertThat(status(id)).as("nobody took it").isEqualTo("NEW");

        act(realRider, id, "accept", null, 200);
        assertNotFound(act(sandboxRider, id, "pickup", null, 404));
        assertNotFound(act(sandboxRider, id, "fail", failure("fail"), 404));
        await().atMost(Duration.ofSeconds(10)).until(() -> status(id).equals("ASSIGNED"));
        act(realRider, id, "pickup", null, 200);
    }

    @Test
    void an_operator_cannot_assign_a_rider_across_the_sandbox_line() throws Exception {
        Rider sandboxRider = dispatch.newSandboxRider("Sandbox Wafula");
        Rider realRider = dispatch.newRider("Wafula Real");
        String realDelivery =
                create(real, "COD", "bk-" + UUID.randomUUID()).get("id").asText();
        String bait =
                create(sandbox, "COD", "bait-" + UUID.randomUUID()).get("id").asText();

        for (String[] pair :
                List.of(new String[] {realDelivery, sandboxRider.id()}, new String[] {bait, realRider.id()})) {
            Answer refused = dispatch.call(
                    "POST",
                    "/api/v1/admin/dispatches/" + pair[0] + "/assign",
                    admin(),
                    "{\"riderId\":\"" + pair[1] + "\"}",
                    422);
            assertThat(refused.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(refused.error()
                            .get("details")
                            .get("fieldErrors")
                            .get("riderId")
                            .get(0)
                            .asText())
                    .contains("sandbox");
        }
        assertThat(status(realDelivery)).isEqualTo("NEW");
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + realDelivery + "/assign",
                admin(),
                "{\"riderId\":\"" + realRider.id() + "\"}",
                200);
    }

    @Test
    void a_rider_is_real_unless_registered_as_sandbox_and_sandbox_must_be_true_or_false() throws Exception {
        JsonNode plain = dispatch.call(
                        "POST",
                        "/api/v1/admin/riders",
                        admin(),
                        "{\"name\":\"Plain\",\"phone\":\"+254 711 000 001\"}",
                        201)
                .data();
        assertThat(plain.has("sandbox")).as("the answer says which").isTrue();
        assertThat(plain.get("sandbox").asBoolean()).isFalse();
        Answer refused = dispatch.call(
                "POST",
                "/api/v1/admin/riders",
                admin(),
                "{\"name\":\"Odd\",\"phone\":\"+254 711 000 001\",\"sandbox\":\"yes\"}",
                422);
        assertThat(refused.error()
                        .get("details")
                        .get("fieldErrors")
                        .get("sandbox")
                        .get(0)
                        .asText())
                .isEqualTo("must be true or false");
    }

    private static JsonNode create(Merchant merchant, String paymentType, String externalId) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        """
        {"customerName":"%s","customerPhone":"%s","externalId":"%s",
         "pickup":{"address":"Kenyatta St 3, Eldoret","lat":%s,"lng":%s,"notes":"Ask for Mama Nafula"},
         "dropoff":{"address":"%s","lat":%s,"lng":%s,"notes":"%s"},
         "paymentType":"%s"%s}""".formatted(
                                        CUSTOMER,
                                        PHONE,
                                        externalId,
                                        PICKUP_LAT,
                                        PICKUP_LNG,
                                        DROPOFF_ADDRESS,
                                        DROPOFF_LAT,
                                        DROPOFF_LNG,
                                        DROPOFF_NOTES,
                                        paymentType,
                                        paymentType.equals("COD") ? ",\"amountCents\":150000" : ""),
                        201)
                .data();
    }

    /**
     * The rider's offers once they hold every one of {@code ids} (offers read the projection, which
     * follows shortly). The rider reports a position in Eldoret first: offers list at most 200,
     * nearest first, and the service the suite shares holds hundreds of older NEW deliveries in
     * Nairobi, which come first in the oldest-first order of a rider without a position.
     */
    private static Answer offersContaining(Rider rider, String... ids) throws Exception {
        dispatch.call("POST", "/api/v1/rider/location", rider(rider), "{\"lat\":0.52,\"lng\":35.26}", 202);
        return await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> dispatch.call("GET", "/api/v1/rider/offers?limit=200", rider(rider), null, 200),
                        answer -> List.of(ids).stream()
                                .allMatch(id -> answer.response().body().contains(id)));
    }

    private static JsonNode offer(Answer offers, String id) {
        for (JsonNode offer : offers.data()) {
            if (offer.path("dispatchId").asText().equals(id)) {
                return offer;
            }
        }
        throw new AssertionError("no offer " + id + " in " + offers.response().body());
    }

    private static Answer act(Rider rider, String id, String action, String body, int expected) throws Exception {
        return dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/" + action, rider(rider), body, expected);
    }

    private static String proof(String pin) {
        return "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"" + CUSTOMER + "\",\"pin\":\"" + pin + "\"}}";
    }

    private static String failure(String action) {
        return action.equals("fail") ? "{\"reasonCode\":\"OTHER\",\"detail\":\"probing\"}" : null;
    }

    private static void assertNotFound(Answer answer) {
        assertThat(answer.error().get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(answer.response().body()).doesNotContain(CUSTOMER, PHONE, DROPOFF_ADDRESS);
    }

    private static String status(String id) throws Exception {
        return dispatch.call("GET", "/api/v1/admin/dispatches/" + id, admin(), null, 200)
                .data()
                .get("status")
                .asText();
    }

    private static TreeSet<String> names(JsonNode node) {
        TreeSet<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
