package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.query.tracking.TrackingHub;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;
import reactor.core.scheduler.Schedulers;

/**
 * The service under many clients at once, over real HTTP: thousands of idle tracking streams
 * cost no thread each and leave a merchant read prompt; a flood of rider positions leaves a
 * viewer that stops reading a bounded backlog, while a viewer that reads gets the newest
 * position.
 */
class BoundedUnderLoadTest {

    private static final int CROWD = 2000;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant merchant;

    @BeforeAll
    static void start() throws Exception {
        merchant = dispatch.newMerchant("Crowd");
    }

    private record Tracked(String id, String token, Rider rider) {}

    /** A delivery a rider has taken, so its stream carries the rider's positions. */
    private static Tracked assignedDelivery(String riderName) throws Exception {
        JsonNode created = dispatch.call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), """
        {"customerName":"Wanjiru","customerPhone":"+254700000009",
         "pickup":{"address":"Moi Ave","lat":-1.2841,"lng":36.8233},
         "dropoff":{"address":"Ngong Rd","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""", 201)
                .data();
        Rider rider = dispatch.newRider(riderName);
        String id = created.get("id").asText();
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/accept", rider(rider), null, 200);
        return new Tracked(id, created.get("trackingToken").asText(), rider);
    }

    private static int threads() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }

    @Test
    void two_thousand_idle_tracking_streams_take_no_thread_each_and_a_merchant_read_stays_prompt() throws Exception {
        Tracked delivery = assignedDelivery("Crowd Rider");
        TrackingHub hub = dispatch.bean(TrackingHub.class);
        URI base = URI.create(dispatch.baseUrl);
        String stream = "/api/v1/track/" + delivery.token() + "/stream";
        int viewersBefore = hub.viewerCount();
        try (SseCrowd warmUp = new SseCrowd(base.getHost(), base.getPort())) {
            // the pools (event loops, connection pools, bounded-elastic workers) reach their working size
            for (int i = 0; i < 200; i++) {
                warmUp.open(stream);
            }
            await().atMost(Duration.ofMinutes(1))
                    .until(() -> warmUp.viewers().stream().allMatch(viewer -> viewer.statusEvents > 0));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> hub.viewerCount() == viewersBefore);
        int baseline = threads();
        AtomicInteger peak = new AtomicInteger(baseline);

        try (SseCrowd crowd = new SseCrowd(base.getHost(), base.getPort())) {
            for (int i = 0; i < CROWD; i++) {
                crowd.open(stream);
                peak.accumulateAndGet(threads(), Math::max);
            }
            await().atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> {
                        peak.accumulateAndGet(threads(), Math::max);
                        return crowd.viewers().stream().allMatch(viewer -> viewer.statusEvents > 0);
                    });
            assertThat(hub.viewerCount()).isGreaterThanOrEqualTo(viewersBefore + CROWD);
            assertThat(crowd.viewers()).noneMatch(viewer -> viewer.ended);

            // a merchant read while they are all open
            List<Duration> reads = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                long start = System.nanoTime();
                dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + delivery.id(), merchant(merchant.apiKey()), null, 200);
                reads.add(Duration.ofNanos(System.nanoTime() - start));
            }
            // and a position the rider reports reaches every one of them
            dispatch.call(
                    "POST",
                    "/api/v1/rider/location",
                    rider(delivery.rider()),
                    "{\"lat\":-1.2901,\"lng\":36.8111}",
                    202);
            await().atMost(Duration.ofMinutes(1))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> {
                        peak.accumulateAndGet(threads(), Math::max);
                        return crowd.viewers().stream().allMatch(viewer -> viewer.locationEvents > 0);
                    });
            int grown = peak.get() - baseline;
            System.out.printf(
                    "BoundedUnderLoadTest: %d streams open, threads %d before, peak %d (+%d); merchant reads %s%n",
                    CROWD, baseline, peak.get(), grown, reads);
            // one thread per stream would be +2000; the pools that may still grow are bounded by
            // their own caps, none of which depends on the number of connections
            assertThat(grown).isLessThan(Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE + 32);
            // prompt: most reads as fast as without the crowd; on a busy machine one may be slower
            assertThat(reads.stream().sorted().toList().get(reads.size() / 2)).isLessThan(Duration.ofSeconds(1));
            assertThat(reads).allSatisfy(read -> assertThat(read).isLessThan(Duration.ofSeconds(5)));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> hub.viewerCount() == viewersBefore);
    }

    @Test
    void a_flood_of_positions_leaves_a_viewer_that_stops_reading_a_bounded_backlog() throws Exception {
        Tracked delivery = assignedDelivery("Flood Rider");
        TrackingHub hub = dispatch.bean(TrackingHub.class);
        URI base = URI.create(dispatch.baseUrl);
        String stream = "/api/v1/track/" + delivery.token() + "/stream";
        int viewersBefore = hub.viewerCount();

        // a reader that keeps up
        List<String> lines = new CopyOnWriteArrayList<>();
        var reading = HTTP.sendAsync(
                        HttpRequest.newBuilder(URI.create(dispatch.baseUrl + stream))
                                .build(),
                        HttpResponse.BodyHandlers.ofLines())
                .thenAccept(response -> response.body().forEach(lines::add));
        // viewers that read nothing: a tiny receive window, so the server's buffers fill at once
        List<Socket> stalled = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Socket socket = new Socket();
            socket.setReceiveBufferSize(1024);
            socket.connect(new java.net.InetSocketAddress(base.getHost(), base.getPort()));
            socket.getOutputStream()
                    .write(("GET " + stream + " HTTP/1.1\r\nHost: dispatch\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            stalled.add(socket);
        }
        try {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> hub.viewerCount() >= viewersBefore + 4
                            && lines.stream().anyMatch(l -> l.contains("\"status\"")));

            // through the rider API, as fast as the (raised) per-rider limit lets it ...
            for (int i = 0; i < 100; i++) {
                dispatch.call(
                        "POST",
                        "/api/v1/rider/location",
                        rider(delivery.rider()),
                        "{\"lat\":-1.2%03d,\"lng\":36.81}".formatted(i),
                        202);
            }
            // ... and, as many instances of command-service would publish them, straight onto the topic
            @SuppressWarnings("unchecked")
            KafkaTemplate<String, RiderPositionReported> positions =
                    dispatch.beans(KafkaTemplate.class).get("riderPositionsKafkaTemplate");
            UUID riderId = UUID.fromString(delivery.rider().id());
            List<UUID> carried = List.of(UUID.fromString(delivery.id()));
            int flood = 20_000;
            for (int i = 0; i < flood; i++) {
                Instant now = Instant.now();
                positions.send(
                        Topics.RIDER_POSITIONS.name(),
                        riderId.toString(),
                        new RiderPositionReported(riderId, -1.0 - i / 1_000_000.0, 36.5, now, now, carried));
            }
            positions.flush();
            String newest = "\"latitude\":" + (-1.0 - (flood - 1) / 1_000_000.0);
            AtomicInteger largest = new AtomicInteger();
            await().atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        largest.accumulateAndGet(hub.largestBacklog(), Math::max);
                        return lines.stream().anyMatch(l -> l.contains(newest));
                    });
            System.out.printf(
                    "BoundedUnderLoadTest: %d positions flooded; largest backlog of one viewer %d%n",
                    flood, largest.get());
            assertThat(largest.get()).isLessThanOrEqualTo(TrackingHub.MAX_BACKLOG);
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
        // the delivery ends: its last viewer's stream ends with it
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + delivery.id() + "/fail",
                DispatchUnderTest.admin(),
                "{\"reasonCode\":\"OTHER\",\"detail\":\"flood test over\"}",
                200);
        reading.get(30, java.util.concurrent.TimeUnit.SECONDS);
        await().atMost(Duration.ofSeconds(30)).until(() -> hub.viewerCount() == viewersBefore);
    }
}
