package io.dispatch.webhook.delivery;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code dispatch.webhook.*}: retry schedule and target safety.
 *
 * @param allowInsecureTargets accept http:// and loopback/private targets (local run and tests only)
 */
@ConfigurationProperties("dispatch.webhook")
public record WebhookProperties(Retry retry, boolean allowInsecureTargets) {

  public WebhookProperties {
    if (retry == null) {
      retry = new Retry(Duration.ofSeconds(5), 2.0, 10, Duration.ofHours(1));
    }
  }

  /** Attempt 1 at once, then waits of firstWait × multiplier^(n-1), each capped at maxWait, ±10 % jitter. */
  public record Retry(Duration firstWait, double multiplier, int maxAttempts, Duration maxWait) {}
}
