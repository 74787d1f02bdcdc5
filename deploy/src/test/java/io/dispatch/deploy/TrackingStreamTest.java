package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.query.tracking.TrackingHub;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The customer's live stream over real HTTP: the current status first, then each change and
 * the rider's moves as they happen, heartbeats while nothing happens, and a clean end at a
 * terminal status; fan-out from the consumed events, no polling.
 */
class TrackingStreamTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant merchant;

    @BeforeAll
    static void start() throws Exception {
        merchant = dispatch.newMerchant("Tracking");
    }

    private record Viewer(List<String> lines, CompletableFuture<HttpResponse<java.util.stream.Stream<String>>> done) {
        boolean has(String line) {
            return lines.stream().anyMatch(l -> l.contains(line));
        }
    }

    private static Viewer open(String token) {
        List<String> lines = new CopyOnWriteArrayList<>();
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(dispatch.baseUrl + "/api/v1/track/" + token + "/stream"))
                .header("Accept", "text/event-stream")
                .build();
        var done = HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofLines()).thenApply(response -> {
            assertThat(response.statusCode()).isEqualTo(200);
            response.body().forEach(lines::add);
            return response;
        });
        return new Viewer(lines, done);
    }

    private static JsonNode create() throws Exception {
        return dispatch.call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), """
        {"customerName":"Wanjiru","customerPhone":"+254700000009",
         "pickup":{"address":"Moi Ave","lat":-1.2841,"lng":36.8233},
         "dropoff":{"address":"Ngong Rd","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""", 201)
                .data();
    }

    @Test
    void a_viewer_sees_the_current_status_then_every_change_and_move_and_the_stream_ends_when_delivered()
            throws Exception {
        JsonNode created = create();
        String id = created.get("id").asText();
        Viewer stream = open(created.get("trackingToken").asText());
        await().atMost(Duration.ofSeconds(10)).until(() -> stream.has("\"status\":\"NEW\""));
        assertThat(stream.lines().get(0)).isEqualTo("event:status");

        Rider rider = dispatch.newRider("Otieno Streamer");
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/accept", rider(rider), null, 200);
        await().atMost(Duration.ofSeconds(10)).until(() -> stream.has("\"status\":\"ASSIGNED\""));
        dispatch.call("POST", "/api/v1/rider/location", rider(rider), "{\"lat\":-1.2901,\"lng\":36.8111}", 202);
        await().atMost(Duration.ofSeconds(10)).until(() -> stream.has("\"latitude\":-1.2901"));
        assertThat(stream.lines()).contains("event:location");
        await().atMost(Duration.ofSeconds(10)).until(() -> stream.has(":heartbeat"));

        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(rider), null, 200);
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/depart", rider(rider), null, 200);
        dispatch.call(
                "POST",
                "/api/v1/rider/dispatches/" + id + "/deliver",
                rider(rider),
                "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"W\",\"pin\":\""
                        + created.get("deliveryPin").asText() + "\"}}",
                200);
        stream.done().get(10, java.util.concurrent.TimeUnit.SECONDS);
        List<String> statuses = stream.lines().stream()
                .filter(l -> l.startsWith("data:") && l.contains("\"status\""))
                .map(l -> l.replaceAll(".*\"status\":\"([A-Z_]+)\".*", "$1"))
                .toList();
        assertThat(statuses).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED");
        await().atMost(Duration.ofSeconds(5))
                .until(() -> dispatch.bean(TrackingHub.class).viewerCount() == 0);
    }

    @Test
    void the_tracking_json_read_right_after_each_rider_write_shows_that_write() throws Exception {
        Rider rider = dispatch.newRider("Otieno Fresh");
        for (int i = 0; i < 10; i++) {
            JsonNode created = create();
            String id = created.get("id").asText();
            String page = "/api/v1/track/" + created.get("trackingToken").asText();
            assertThat(dispatch.call("GET", page, Map.of(), null, 200)
                            .data()
                            .get("status")
                            .asText())
                    .isEqualTo("NEW");
            dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/accept", rider(rider), null, 200);
            assertThat(dispatch.call("GET", page, Map.of(), null, 200)
                            .data()
                            .get("status")
                            .asText())
                    .as("tracking read right after accept #%d", i)
                    .isEqualTo("ASSIGNED");
            dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(rider), null, 200);
            assertThat(dispatch.call("GET", page, Map.of(), null, 200)
                            .data()
                            .get("status")
                            .asText())
                    .as("tracking read right after pickup #%d", i)
                    .isEqualTo("PICKED_UP");
            dispatch.call(
                    "POST",
                    "/api/v1/rider/dispatches/" + id + "/fail",
                    rider(rider),
                    "{\"reasonCode\":\"OTHER\",\"detail\":\"test\"}",
                    200);
        }
    }

    @Test
    void a_finished_delivery_streams_its_final_status_and_ends_and_unknown_tokens_are_404() throws Exception {
        JsonNode created = create();
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + created.get("id").asText() + "/status",
                merchant(merchant.apiKey()),
                "{\"status\":\"CANCELLED\"}",
                200);
        Viewer stream = open(created.get("trackingToken").asText());
        stream.done().get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(stream.lines()).contains("event:status");
        assertThat(stream.has("\"status\":\"CANCELLED\"")).isTrue();

        HttpResponse<String> unknown = HTTP.send(
                HttpRequest.newBuilder(URI.create(dispatch.baseUrl + "/api/v1/track/" + "A".repeat(24) + "/stream"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("NOT_FOUND");
    }

    @Test
    void the_tracking_page_is_one_html_file_that_names_no_other_site_but_the_configured_tile_server() throws Exception {
        HttpResponse<String> page = HTTP.send(
                HttpRequest.newBuilder(URI.create(dispatch.baseUrl + "/track/"
                                + create().get("trackingToken").asText()))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(page.body()).contains("data-tile-url=\"" + TrackingPageBrowserTest.NO_TILE_SERVER + "\"");
        // the map's settings (the tile server, its credit's link) are the only other addresses
        assertThat(page.body().replaceAll("data-(tile-url|attribution)=\"[^\"]*\"", ""))
                .contains("EventSource", "/api/v1/track/")
                .doesNotContain("https://", "http://");
    }
}
