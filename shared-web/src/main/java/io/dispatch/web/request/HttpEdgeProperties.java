package io.dispatch.web.request;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long a client may take to send a request. The idle timeout of a connection between
 * requests is Boot's own {@code server.netty.idle-timeout}. Here rather than in {@code edge},
 * which applies them, because the error answers name the body timeout too.
 *
 * @param headerTimeout from the first byte of a request to the end of its headers; a slower head
 *     (slowloris) closes the connection without an answer, as a client that retries should see it
 * @param bodyTimeout from the end of the headers to the end of the body (60 s: 4 MiB at about
 *     0.6 Mbit/s); Reactor Netty's request timeout, which closes the connection
 */
@ConfigurationProperties("dispatch.http")
public record HttpEdgeProperties(
        @DefaultValue("10s") Duration headerTimeout,
        @DefaultValue("60s") Duration bodyTimeout) {

    public HttpEdgeProperties {
        SettingChecks.positive("dispatch.http.header-timeout", headerTimeout);
        SettingChecks.positive("dispatch.http.body-timeout", bodyTimeout);
    }
}
