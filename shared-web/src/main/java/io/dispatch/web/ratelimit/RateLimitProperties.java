package io.dispatch.web.ratelimit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param perMinute requests allowed per API key in each wall-clock minute over /api/v1/external
 *     ({@code dispatch.rate-limit.per-minute}, default 60)
 * @param cleanupInterval how often buckets of past minutes are deleted (default 1 minute)
 */
@ConfigurationProperties("dispatch.rate-limit")
public record RateLimitProperties(Integer perMinute, Duration cleanupInterval) {

  public RateLimitProperties {
    if (perMinute == null) {
      perMinute = 60;
    }
    if (perMinute < 1) {
      throw new IllegalArgumentException("dispatch.rate-limit.per-minute must be at least 1, was " + perMinute);
    }
    if (cleanupInterval == null) {
      cleanupInterval = Duration.ofMinutes(1);
    }
  }
}
