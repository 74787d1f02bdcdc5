package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.query.console.LiveStreamController;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The console's live map stream over real HTTP (decisions.md §16): operators only, at most
 * {@link LiveStreamController#MAX_STREAMS} open on one instance, a closed one giving its slot back.
 * What it carries is in {@link ConsoleRoutesTest}.
 */
class ConsoleLiveStreamTest {

    /** The live map's stream as OperatorRolesTest names its rule. */
    static final String LIVE_STREAM_RULE = "GET /api/v1/admin/live/stream";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** One connection per stream: closing a stream's body closes its connection, which frees its slot. */
    private static final HttpClient STREAMS =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** The live stream's status for these headers; the stream is closed once it is read. */
    static int streamStatus(Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(dispatch.baseUrl + "/api/v1/admin/live/stream"))
                .timeout(Duration.ofSeconds(30))
                .header("Accept", "text/event-stream");
        headers.forEach(request::header);
        HttpResponse<java.io.InputStream> response =
                HTTP.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        response.body().close();
        return response.statusCode();
    }

    @Test
    void at_most_fifty_live_streams_are_open_on_one_instance_and_a_closed_one_gives_its_slot_back() throws Exception {
        List<LiveStream> held = new ArrayList<>();
        try {
            LiveStream refused = null;
            // other tests may hold a few: the refusal comes at the latest with the 51st
            for (int i = 0; i <= LiveStreamController.MAX_STREAMS && refused == null; i++) {
                LiveStream next = open();
                if (next.status() == 200) {
                    held.add(next);
                } else {
                    refused = next;
                }
            }
            assertThat(refused).as("a stream beyond the cap").isNotNull();
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.error()).isEqualTo("RATE_LIMITED");
            assertThat(refused.retryAfter()).isNotBlank();
            assertThat(held).isNotEmpty();

            held.removeFirst().close();
            LiveStream again = await().atMost(Duration.ofSeconds(30))
                    .until(ConsoleLiveStreamTest::open, stream -> stream.status() == 200);
            held.add(again);
            await().atMost(Duration.ofSeconds(15)).until(() -> again.lines().contains("event:snapshot"));
        } finally {
            for (LiveStream stream : held) {
                stream.close();
            }
        }
    }

    @Test
    void the_live_stream_is_refused_without_an_operator_credential() throws Exception {
        assertThat(streamStatus(Map.of())).isEqualTo(401);
        assertThat(streamStatus(admin())).isEqualTo(200);
    }

    /** An open live stream: its status, and the lines read so far while it is open. */
    record LiveStream(int status, String error, String retryAfter, List<String> lines, InputStream body)
            implements AutoCloseable {

        @Override
        public void close() throws IOException {
            body.close();
        }
    }

    /** Opens the live stream with the admin token; its lines are read on a thread of their own until it closes. */
    static LiveStream open() throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(dispatch.baseUrl + "/api/v1/admin/live/stream"))
                .timeout(Duration.ofSeconds(30))
                .header("Accept", "text/event-stream");
        admin().forEach(request::header);
        HttpResponse<InputStream> response = STREAMS.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        List<String> lines = new CopyOnWriteArrayList<>();
        if (response.statusCode() != 200) {
            try (InputStream body = response.body()) {
                String code = DispatchUnderTest.JSON
                        .readTree(body)
                        .path("error")
                        .path("code")
                        .asText();
                return new LiveStream(
                        response.statusCode(),
                        code,
                        response.headers().firstValue("Retry-After").orElse(null),
                        lines,
                        InputStream.nullInputStream());
            }
        }
        Thread.ofVirtual().start(() -> {
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                reader.lines().forEach(lines::add);
            } catch (IOException | UncheckedIOException closed) {
                // the test closed it
            }
        });
        return new LiveStream(200, null, null, lines, response.body());
    }
}
