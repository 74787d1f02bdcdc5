package io.dispatch.web.edge;

import io.dispatch.web.startup.InvalidSetting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How long a client may take to send a request (edge.properties has the defaults). The idle
 * timeout of a connection between requests is Boot's own {@code server.netty.idle-timeout}.
 *
 * @param headerTimeout from the first byte of a request to the end of its headers
 *     ({@code dispatch.http.header-timeout}, default 10 s); a slower head (slowloris) closes the
 *     connection without an answer, as a client that retries should see it
 * @param bodyTimeout from the end of the headers to the end of the body
 *     ({@code dispatch.http.body-timeout}, default 60 s: 4 MiB at about 0.6 Mbit/s); Reactor
 *     Netty's request timeout, which closes the connection
 */
@ConfigurationProperties("dispatch.http")
public record HttpEdgeProperties(Duration headerTimeout, Duration bodyTimeout) {

  public HttpEdgeProperties {
    headerTimeout = positive("dispatch.http.header-timeout", headerTimeout, Duration.ofSeconds(10));
    bodyTimeout = positive("dispatch.http.body-timeout", bodyTimeout, Duration.ofSeconds(60));
  }

  private static Duration positive(String setting, Duration value, Duration fallback) {
    if (value == null) {
      return fallback;
    }
    if (value.isNegative() || value.isZero()) {
      throw new InvalidSetting(setting, "must be a positive duration such as 10s or PT10S");
    }
    return value;
  }
}
