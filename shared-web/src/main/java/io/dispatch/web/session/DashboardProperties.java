package io.dispatch.web.session;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The dashboard: its session cookie, and what a merchant who signs up there becomes.
 *
 * @param sessionTimeout how long a session lives without a request ({@code
 *     dispatch.dashboard.session-timeout}, default 12 hours)
 * @param secureCookie whether the cookie carries {@code Secure} ({@code
 *     dispatch.dashboard.secure-cookie}, default true; the local run sets false because it
 *     serves plain HTTP)
 * @param cleanupInterval how often expired sessions are deleted (default 10 minutes)
 * @param signupSandbox whether a merchant who signs up starts as a sandbox merchant, whose
 *     deliveries the simulated riders take (default true; read by command-service's signup)
 */
@ConfigurationProperties("dispatch.dashboard")
public record DashboardProperties(
    Duration sessionTimeout, Boolean secureCookie, Duration cleanupInterval, Boolean signupSandbox) {

  public DashboardProperties {
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
    if (signupSandbox == null) {
      signupSandbox = true;
    }
  }
}
