package io.dispatch.webhook.delivery;

import java.time.Duration;
import java.util.random.RandomGenerator;

/** Waits between attempts: firstWait × multiplier^(attempts-1), capped, with ±10 % jitter. */
public final class Backoff {

  private Backoff() {}

  public static Duration after(int attemptsMade, WebhookProperties.Retry retry, RandomGenerator random) {
    double base = retry.firstWait().toMillis() * Math.pow(retry.multiplier(), attemptsMade - 1);
    double capped = Math.min(base, retry.maxWait().toMillis());
    double jitter = 1 + (random.nextDouble() * 0.2 - 0.1);
    return Duration.ofMillis(Math.round(capped * jitter));
  }
}
