package io.dispatch.webhook.sending;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code dispatch.webhook.*}: retry schedule, target safety, isolation limits, the key that
 * encrypts signing secrets at rest, the intake's consumers and the pull feed. The retention
 * settings, {@code dispatch.webhook.retention.*}, are RetentionProperties.
 *
 * @param allowInsecureTargets accept http:// and loopback/private targets (local run and tests only)
 * @param secretEncryptionKey base64 of 32 random bytes (AES-256-GCM); required, never logged
 * @param maxInFlight attempts in flight at once in this process, over all endpoints
 * @param maxInFlightPerEndpoint attempts in flight at once to one merchant's endpoint (32; ADR 0054)
 * @param claimLease how long a claimed notification stays this process's before another may take it
 * @param probeInterval how often a disabled endpoint is sent a signed webhook.test probe (decisions.md §9)
 * @param consumerConcurrency consumer threads of the intake of delivery events
 * @param feed the pull feed of GET /events
 */
@ConfigurationProperties("dispatch.webhook")
public record WebhookProperties(
        Retry retry,
        boolean allowInsecureTargets,
        String secretEncryptionKey,
        int maxInFlight,
        int maxInFlightPerEndpoint,
        Duration claimLease,
        Duration connectTimeout,
        Duration responseTimeout,
        Duration probeInterval,
        int consumerConcurrency,
        Feed feed) {

    public WebhookProperties {
        retry = retry == null ? new Retry(null, 0, 0, null) : retry;
        maxInFlight = maxInFlight > 0 ? maxInFlight : 1024;
        maxInFlightPerEndpoint = maxInFlightPerEndpoint > 0 ? maxInFlightPerEndpoint : 32;
        claimLease = claimLease != null ? claimLease : Duration.ofSeconds(60);
        connectTimeout = connectTimeout != null ? connectTimeout : Duration.ofSeconds(5);
        responseTimeout = responseTimeout != null ? responseTimeout : Duration.ofSeconds(15);
        probeInterval = probeInterval != null && probeInterval.isPositive() ? probeInterval : Duration.ofMinutes(10);
        consumerConcurrency = consumerConcurrency > 0 ? consumerConcurrency : 2;
        feed = feed == null ? new Feed(null) : feed;
    }

    /**
     * @param cursorSecret HMAC key of the feed's cursors, the same on every instance; empty, a key
     *     derived from {@code secret-encryption-key} (FeedCursors)
     */
    public record Feed(String cursorSecret) {

        public Feed {
            cursorSecret = cursorSecret == null ? "" : cursorSecret;
        }

        @Override
        public String toString() {
            return "Feed[cursorSecret=" + (cursorSecret.isEmpty() ? "derived" : "set") + "]";
        }
    }

    /** Attempt 1 at once, then waits of firstWait × multiplier^(n-1), each capped at maxWait, ±10 % jitter. */
    public record Retry(Duration firstWait, double multiplier, int maxAttempts, Duration maxWait) {

        public Retry {
            firstWait = firstWait != null ? firstWait : Duration.ofSeconds(5);
            multiplier = multiplier > 0 ? multiplier : 2.0;
            maxAttempts = maxAttempts > 0 ? maxAttempts : 10;
            maxWait = maxWait != null ? maxWait : Duration.ofHours(1);
        }
    }

    @Override
    public String toString() {
        // the record's default would print the encryption key
        return "WebhookProperties[retry=" + retry + ", allowInsecureTargets=" + allowInsecureTargets
                + ", maxInFlight=" + maxInFlight + ", maxInFlightPerEndpoint=" + maxInFlightPerEndpoint
                + ", claimLease=" + claimLease + ", probeInterval=" + probeInterval
                + ", consumerConcurrency=" + consumerConcurrency + ", feed=" + feed + "]";
    }
}
