package io.dispatch.web.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A keep-alive connection goes on being read after Reactor Netty queued a request on it. Reactor Netty reads a
 * connection on demand; when a request arrives before the exchange before it has ended, it is queued, and when the
 * queued request is answered at once, Reactor Netty 1.3.7 leaves the connection without a pending read
 * (reactor/reactor-netty#4347, #4361): the next request on it is never read, and its client waits for ever. A
 * merchant's client that reuses connections would see a create hang; our deploy tests saw it twice.
 */
class QueuedKeepAliveTest {

    private static ConfigurableApplicationContext app;
    private static int port;

    @BeforeAll
    static void start() {
        app = new SpringApplicationBuilder(EdgeTestApp.class)
                .web(WebApplicationType.REACTIVE)
                .run("--server.port=0", "--spring.main.banner-mode=off");
        port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @RepeatedTest(5)
    void the_request_after_a_queued_one_answered_at_once_is_answered() throws Exception {
        try (RawConnection client = new RawConnection(port)) {
            // /hello arrives while /slow is still being answered: queued, then answered at once when /slow ends
            client.send("GET /slow HTTP/1.1\r\nHost: edge\r\n\r\nGET /hello HTTP/1.1\r\nHost: edge\r\n\r\n");
            assertThat(client.awaitText("{\"hello\":true}", Duration.ofSeconds(5)))
                    .as(client.received())
                    .isTrue();
            assertThat(client.received()).contains("{\"slow\":true}");

            client.send("GET /after HTTP/1.1\r\nHost: edge\r\n\r\n");

            assertThat(client.awaitText("{\"after\":true}", Duration.ofSeconds(5)))
                    .as("the third request on the connection answered; received: %s", client.received())
                    .isTrue();
        }
    }
}
