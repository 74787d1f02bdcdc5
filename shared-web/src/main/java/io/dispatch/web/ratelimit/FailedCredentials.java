package io.dispatch.web.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.dispatch.web.identity.CredentialFailures;
import io.dispatch.web.scheduling.Blocking;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import reactor.core.publisher.Mono;

/**
 * A per-client-IP limit on failed credential checks (a wrong or unusable API key, rider token,
 * operator token or dashboard session). Failures count in the shared PostgreSQL windows of the
 * other limits (keys {@code failed-credentials-ip:<address>}); the failure that goes over the
 * limit blocks the address until its window ends. A blocked address gets 429 for every request
 * that presents a credential, before the credential is compared, so a guesser learns nothing
 * more in that window, right guess or wrong. Requests that succeed are never counted, so the
 * holders of valid credentials elsewhere are not slowed by someone else's failures.
 *
 * <p>Blocks are kept in memory (at most {@value #MAX_BLOCKED} addresses): only failures cost a
 * database write, never a success. Another instance learns of the block on its own next failure
 * from that address, so at most one more credential per instance is compared in a blocked window.
 */
public class FailedCredentials implements CredentialFailures {

    static final String BUCKET_PREFIX = "failed-credentials-ip:";
    private static final int MAX_BLOCKED = 100_000;

    private final RateLimiter failures;
    private final int limit;
    private final Clock clock;
    private final Cache<String, Instant> blockedUntil = Caffeine.newBuilder()
            .maximumSize(MAX_BLOCKED)
            .expireAfterWrite(PostgresRateLimiter.WINDOW.multipliedBy(2))
            .build();

    public FailedCredentials(RateLimiter failures, int limit, Clock clock) {
        this.failures = failures;
        this.limit = limit;
        this.clock = clock;
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public long blockedFor(String client) {
        Instant until = blockedUntil.getIfPresent(client);
        if (until == null) {
            return 0;
        }
        long millis = Duration.between(clock.instant(), until).toMillis();
        return millis <= 0 ? 0 : Math.max(1, (millis + 999) / 1000);
    }

    @Override
    public Mono<Long> failed(String client) {
        return Blocking.call(() -> {
            RateLimiter.Decision decision = failures.tryAcquire(BUCKET_PREFIX + client);
            if (decision.allowed()) {
                return 0L;
            }
            blockedUntil.put(client, clock.instant().plusSeconds(decision.resetSeconds()));
            return decision.resetSeconds();
        });
    }
}
