package io.dispatch.web.session;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The dashboard's session cookie.
 *
 * @param sessionTimeout how long a session lives without a request ({@code
 *     dispatch.dashboard.session-timeout}, default 12 hours)
 * @param secureCookie whether the cookie carries {@code Secure} ({@code
 *     dispatch.dashboard.secure-cookie}, default true; the local run sets false because it
 *     serves plain HTTP)
 * @param cleanupInterval how often expired sessions are deleted (default 10 minutes)
 */
@ConfigurationProperties("dispatch.dashboard")
public record SessionProperties(Duration sessionTimeout, Boolean secureCookie, Duration cleanupInterval) {

  public SessionProperties {
    if (sessionTimeout == null) {
      sessionTimeout = Duration.ofHours(12);
    }
    if (sessionTimeout.isNegative() || sessionTimeout.isZero()) {
      throw new IllegalArgumentException("dispatch.dashboard.session-timeout must be positive, was " + sessionTimeout);
    }
    if (secureCookie == null) {
      secureCookie = true;
    }
    if (cleanupInterval == null) {
      cleanupInterval = Duration.ofMinutes(10);
    }
  }
}
