package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The routes the console reads and writes beyond the operator API it shares (decisions.md §16),
 * called with the admin token through the whole running service: the page itself, a rider's
 * enrolment (a new token as link and QR code, the old token dead), the queue's ranked
 * suggestions, the live map's stream, and the exceptions' reads.
 */
class ConsoleRoutesTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** A zone of its own, in the Kora plains, far from every other test's riders. */
    private static final double LAT = -0.4;

    private static final double LNG = 39.0;

    @Test
    void the_console_page_is_served_with_a_strict_policy_and_its_assets() throws Exception {
        Answer page = dispatch.send("GET", "/console/queue", Map.of(), null, null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy")).contains("script-src 'self';");
        assertThat(page.response().body()).contains("/console/assets/app.js").doesNotContain("__MAP_SETTINGS__");
        Answer script = dispatch.send("GET", "/console/assets/live-map.js", Map.of(), null, null);
        assertThat(script.status()).isEqualTo(200);
        assertThat(script.response().body()).contains("createLiveMap");
    }

    @Test
    void enrolling_a_rider_issues_a_new_token_as_a_link_and_qr_code_and_the_old_token_stops_working() throws Exception {
        Rider rider = dispatch.newRider("Enrolled Rider");
        dispatch.call("GET", "/api/v1/rider/offers", rider(rider), null, 200);

        JsonNode enrolment = dispatch.call(
                        "POST", "/api/v1/admin/riders/" + rider.id() + "/enrolment", admin(), null, 201)
                .data();

        assertThat(enrolment.get("riderId").asText()).isEqualTo(rider.id());
        String link = enrolment.get("link").asText();
        assertThat(link).matches("https?://[^#]+/rider#token=rdr_[0-9a-f]+\\..+");
        int size = enrolment.get("qr").get("size").asInt();
        assertThat(size).isBetween(21, 177);
        assertThat(enrolment.get("qr").get("rows")).hasSize(size);
        enrolment.get("qr").get("rows").forEach(row -> assertThat(row.asText()).matches("[01]{" + size + "}"));
        // the finder pattern's top row: seven dark modules in the top-left corner
        assertThat(enrolment.get("qr").get("rows").get(0).asText()).startsWith("1111111");

        Rider enrolled = new Rider(rider.id(), link.substring(link.indexOf("#token=") + "#token=".length()));
        dispatch.call("GET", "/api/v1/rider/offers", rider(enrolled), null, 200);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> dispatch.send("GET", "/api/v1/rider/offers", rider(rider), null, null)
                                .status()
                        == 401);
    }

    @Test
    void enrolling_an_unknown_rider_is_not_found() throws Exception {
        dispatch.call("POST", "/api/v1/admin/riders/" + UUID.randomUUID() + "/enrolment", admin(), null, 404);
        dispatch.call("POST", "/api/v1/admin/riders/not-an-id/enrolment", admin(), null, 404);
    }

    @Test
    void a_waiting_delivery_has_the_eligible_riders_nearest_first_and_the_live_stream_follows_them() throws Exception {
        String zoneId = "kora-" + UUID.randomUUID().toString().substring(0, 8);
        dispatch.newZone(zoneId, LAT, LNG, 0.05, "{\"mode\":\"MANUAL\"}");
        Merchant shop = dispatch.newMerchant("Kora Shop " + UUID.randomUUID());
        ConsoleLiveStreamTest.LiveStream stream = ConsoleLiveStreamTest.open();
        List<String> live = stream.lines();
        await().atMost(Duration.ofSeconds(15)).until(() -> live.stream().anyMatch(l -> l.equals("event:snapshot")));

        Rider far = onShift("Far Kora Rider", 0.02);
        Rider near = onShift("Near Kora Rider", 0.005);
        String id = dispatch.createDelivery(shop, """
        {"customerName":"Halima","customerPhone":"+254 722 000 611","externalId":"kora-%s",
         "pickup":{"address":"Kora Rd 1","lat":%s,"lng":%s},
         "dropoff":{"address":"Kora Rd 9","lat":%s,"lng":%s},"paymentType":"PREPAID"}""".formatted(UUID.randomUUID(), LAT, LNG, LAT + 0.01, LNG));

        JsonNode suggestions = await().atMost(Duration.ofSeconds(15))
                .until(
                        () -> dispatch.call(
                                        "GET",
                                        "/api/v1/admin/dispatch/queue/" + id + "/suggestions",
                                        admin(),
                                        null,
                                        200)
                                .data(),
                        list -> list.size() >= 2);
        assertThat(suggestions.get(0).get("riderId").asText()).isEqualTo(near.id());
        assertThat(suggestions.get(0).get("rank").asInt()).isEqualTo(1);
        assertThat(suggestions.get(1).get("riderId").asText()).isEqualTo(far.id());
        assertThat(suggestions.get(0).get("distanceMeters").asLong())
                .isLessThan(suggestions.get(1).get("distanceMeters").asLong());

        // the stream told of the new delivery and of the riders' positions, without a reload
        await().atMost(Duration.ofSeconds(15))
                .until(() -> live.stream().anyMatch(l -> l.startsWith("data:") && l.contains(id) && l.contains("NEW")));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> live.stream().anyMatch(l -> l.startsWith("data:") && l.contains(near.id())));

        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                admin(),
                "{\"riderId\":\"" + near.id() + "\"}",
                200);
        await().atMost(Duration.ofSeconds(15))
                .until(() ->
                        live.stream().anyMatch(l -> l.contains(id) && l.contains("ASSIGNED") && l.contains(near.id())));
        await().atMost(Duration.ofSeconds(15))
                .alias("an assigned delivery has no suggestions")
                .until(() -> dispatch.call(
                                "GET", "/api/v1/admin/dispatch/queue/" + id + "/suggestions", admin(), null, 200)
                        .data()
                        .isEmpty());
        dispatch.call("GET", "/api/v1/admin/dispatch/queue/" + UUID.randomUUID() + "/suggestions", admin(), null, 404);
        stream.close();
    }

    @Test
    void a_deliver_by_time_postgresql_cannot_read_neither_fails_the_exceptions_nor_the_merchants_figures()
            throws Exception {
        Merchant shop = dispatch.newMerchant("Far Future Shop " + UUID.randomUUID());
        String far = "+999999999-12-31T23:59:59Z";
        JsonNode refused = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        DispatchUnderTest.merchant(shop.apiKey()),
                        DispatchUnderTest.ORDER
                                .formatted("far-" + UUID.randomUUID())
                                .replaceFirst("\\{", "{\"targetDeliveryAt\":\"" + far + "\","),
                        422)
                .error();
        assertThat(refused.get("details")
                        .get("fieldErrors")
                        .get("targetDeliveryAt")
                        .toString())
                .contains("0001 to 9999");
        // a row stored before that rule (the log keeps its event, and a rebuild brings it back)
        String id = dispatch.createDelivery(shop, DispatchUnderTest.ORDER.formatted("far-" + UUID.randomUUID()));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> dispatch.bean(JdbcTemplate.class)
                                .update(
                                        "update query.dispatches set body = jsonb_set(body, '{targetDeliveryAt}',"
                                                + " to_jsonb(?::text)) where id = ?::uuid",
                                        far,
                                        id)
                        == 1);
        assertThat(dispatch.call("GET", "/api/v1/admin/dispatch/exceptions", admin(), null, 200)
                        .data()
                        .get("late")
                        .toString())
                .doesNotContain(id);
        assertThat(dispatch.call(
                                "GET",
                                "/api/v1/external/stats/daily",
                                DispatchUnderTest.merchant(shop.apiKey()),
                                null,
                                200)
                        .data()
                        .isArray())
                .isTrue();
    }

    @Test
    void a_failed_delivery_is_among_the_exceptions_and_the_disabled_endpoints_are_a_list() throws Exception {
        Merchant shop = dispatch.newMerchant("Failing Shop " + UUID.randomUUID());
        String id = dispatch.createDelivery(shop, DispatchUnderTest.ORDER.formatted("exception-" + UUID.randomUUID()));
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/fail",
                admin(),
                "{\"reasonCode\":\"OTHER\",\"detail\":\"the shop closed\"}",
                200);
        JsonNode exceptions = await().atMost(Duration.ofSeconds(15))
                .until(
                        () -> dispatch.call("GET", "/api/v1/admin/dispatch/exceptions", admin(), null, 200)
                                .data(),
                        read -> read.get("failed").toString().contains(id));
        assertThat(exceptions.get("late").isArray()).isTrue();
        assertThat(exceptions.get("pinLocked").isArray()).isTrue();
        JsonNode listed = null;
        for (JsonNode entry : exceptions.get("failed")) {
            if (entry.get("dispatchId").asText().equals(id)) {
                listed = entry;
            }
        }
        assertThat(listed).isNotNull();
        assertThat(listed.get("status").asText()).isEqualTo("FAILED");
        assertThat(listed.get("failureReason").asText()).isEqualTo("OTHER");
        assertThat(listed.get("merchantId").asText()).isEqualTo(shop.id());
        assertThat(dispatch.call("GET", "/api/v1/admin/webhooks/disabled", admin(), null, 200)
                        .data()
                        .isArray())
                .isTrue();
    }

    private static Rider onShift(String name, double northDegrees) throws Exception {
        Rider rider = dispatch.newRider(name);
        dispatch.call("POST", "/api/v1/rider/shift", rider(rider), "{\"status\":\"ON\"}", 200);
        dispatch.call(
                "POST",
                "/api/v1/rider/location",
                rider(rider),
                "{\"lat\":%s,\"lng\":%s}".formatted(LAT + northDegrees, LNG),
                202);
        return rider;
    }
}
