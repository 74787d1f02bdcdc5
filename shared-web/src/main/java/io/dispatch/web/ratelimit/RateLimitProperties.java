package io.dispatch.web.ratelimit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param perMinute requests allowed per API key in each wall-clock minute over /api/v1/external
 *     ({@code dispatch.rate-limit.per-minute}, default 60)
 * @param publicPerMinute requests allowed per client IP in each wall-clock minute over the public
 *     tracking routes ({@code dispatch.rate-limit.public-per-minute}, default 60)
 * @param riderPerMinute requests allowed per rider in each wall-clock minute over /api/v1/rider
 *     ({@code dispatch.rate-limit.rider-per-minute}, default 120)
 * @param signInPerMinute requests allowed per client IP in each wall-clock minute over signup and
 *     sign-in together ({@code dispatch.rate-limit.sign-in-per-minute}, default 60)
 * @param integrationsPerMinute requests allowed per client IP in each wall-clock minute over the store
 *     webhook receivers, /api/v1/integrations ({@code dispatch.rate-limit.integrations-per-minute},
 *     default 300)
 * @param cleanupInterval how often buckets of past minutes are deleted (default 1 minute)
 */
@ConfigurationProperties("dispatch.rate-limit")
public record RateLimitProperties(
    Integer perMinute, Integer publicPerMinute, Integer riderPerMinute, Integer signInPerMinute,
    Integer integrationsPerMinute,
    Duration cleanupInterval) {

  public RateLimitProperties {
    if (perMinute == null) {
      perMinute = 60;
    }
    if (perMinute < 1) {
      throw new IllegalArgumentException("dispatch.rate-limit.per-minute must be at least 1, was " + perMinute);
    }
    if (publicPerMinute == null) {
      publicPerMinute = 60;
    }
    if (publicPerMinute < 1) {
      throw new IllegalArgumentException(
          "dispatch.rate-limit.public-per-minute must be at least 1, was " + publicPerMinute);
    }
    if (riderPerMinute == null) {
      riderPerMinute = 120;
    }
    if (riderPerMinute < 1) {
      throw new IllegalArgumentException(
          "dispatch.rate-limit.rider-per-minute must be at least 1, was " + riderPerMinute);
    }
    if (signInPerMinute == null) {
      signInPerMinute = 60;
    }
    if (signInPerMinute < 1) {
      throw new IllegalArgumentException(
          "dispatch.rate-limit.sign-in-per-minute must be at least 1, was " + signInPerMinute);
    }
    if (integrationsPerMinute == null) {
      integrationsPerMinute = 300;
    }
    if (integrationsPerMinute < 1) {
      throw new IllegalArgumentException(
          "dispatch.rate-limit.integrations-per-minute must be at least 1, was " + integrationsPerMinute);
    }
    if (cleanupInterval == null) {
      cleanupInterval = Duration.ofMinutes(1);
    }
  }
}
