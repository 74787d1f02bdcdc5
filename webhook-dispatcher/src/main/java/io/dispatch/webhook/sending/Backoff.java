package io.dispatch.webhook.sending;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * The wait after a failed attempt: firstWait × multiplier^(attemptsMade-1), capped at maxWait,
 * then ±10 % jitter (so retries of many notifications that failed together spread out). Jitter
 * never takes a wait past the cap: the cap is a promise to the merchant.
 */
public final class Backoff {

    static final double JITTER = 0.10;

    private Backoff() {}

    public static Duration after(int attemptsMade, WebhookProperties.Retry retry, RandomGenerator random) {
        double maxMillis = retry.maxWait().toMillis();
        double base = retry.firstWait().toMillis() * Math.pow(retry.multiplier(), Math.max(0, attemptsMade - 1));
        double capped = Math.min(base, maxMillis);
        double jittered = capped * (1 + (random.nextDouble() * 2 - 1) * JITTER);
        return Duration.ofMillis(Math.round(Math.min(jittered, maxMillis)));
    }
}
