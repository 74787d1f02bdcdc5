package io.dispatch.web.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.web.WebLayersTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The test context lets one client address hold 2 tracking streams at once (and open 3 tracking
 * requests a minute); the client addresses are named in X-Forwarded-For.
 */
class TrackingStreamSlotsTest extends WebLayersTest {

    private static final String STREAM = "/api/v1/track/some-token/stream";

    @Autowired
    TrackingStreamSlots slots;

    /** Opens a stream over a socket of its own and reads the answer's head; the stream stays open. */
    private Socket open(String client) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(15_000);
        socket.getOutputStream()
                .write(("GET " + STREAM + " HTTP/1.1\r\nHost: dispatch\r\nAccept: text/event-stream\r\n"
                                + "X-Forwarded-For: " + client + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
        assertThat(head(socket.getInputStream())).startsWith("HTTP/1.1 200");
        return socket;
    }

    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        while (!read.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            read.write(b);
        }
        return read.toString(StandardCharsets.ISO_8859_1);
    }

    private Answer refused(String client) {
        return call("GET").path(STREAM).header("X-Forwarded-For", client).send();
    }

    @Test
    void an_address_holds_at_most_two_streams_at_once_and_a_closed_stream_gives_its_slot_back() throws Exception {
        clock.startNextMinutePlus(Duration.ofSeconds(10));
        String viewer = "198.51.100.30";
        try (Socket first = open(viewer);
                Socket second = open(viewer)) {
            Answer third = refused(viewer);
            assertThat(third.status()).isEqualTo(429);
            assertThat(third.json().at("/error/code").asString()).isEqualTo("RATE_LIMITED");
            assertThat(third.json().at("/error/message").asString()).contains("At most 2 tracking streams");
            assertThat(third.header("Retry-After")).isEqualTo("30");

            try (Socket elsewhere = open("198.51.100.31")) {
                assertThat(slots.openStreams("198.51.100.31"))
                        .as("another address has slots of its own")
                        .isEqualTo(1);
            }

            first.close();
            await().atMost(Duration.ofSeconds(10)).until(() -> slots.openStreams(viewer) == 1);
            clock.startNextMinutePlus(Duration.ofSeconds(10)); // the per-minute limit counted three already
            try (Socket again = open(viewer)) {
                assertThat(slots.openStreams(viewer)).isEqualTo(2);
            }
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> slots.openStreams(viewer) == 0);
    }
}
