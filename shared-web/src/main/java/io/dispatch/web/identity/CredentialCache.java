package io.dispatch.web.identity;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Looked-up credentials (API keys, rider tokens, session merchants) by their public id, trusted
 * for a while so a request costs no database read, yet a revocation reaches every instance
 * within the TTL. Misses are cached too, so a flood of unknown ids cannot hammer the database.
 * A Caffeine cache (ADR 0025): at most {@link #MAX_ENTRIES} ids, the least useful evicted one
 * at a time; concurrent misses of one id share one load; expiry counted on the injected clock;
 * the blocking loader runs on the bounded-elastic scheduler, off the event loop.
 */
final class CredentialCache<T> {

    static final int MAX_ENTRIES = 10_000;

    private final AsyncLoadingCache<String, Optional<T>> entries;

    CredentialCache(Function<String, Optional<T>> loader, Duration ttl, Clock clock) {
        this(loader, ttl, clock, MAX_ENTRIES);
    }

    CredentialCache(Function<String, Optional<T>> loader, Duration ttl, Clock clock, int maxEntries) {
        this.entries = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(maxEntries)
                .ticker(() -> nanos(clock.instant()))
                .buildAsync((id, executor) -> Mono.fromCallable(() -> loader.apply(id))
                        .subscribeOn(Schedulers.boundedElastic())
                        .toFuture());
    }

    /** The credential of this id, or empty when there is none; loaded only on a miss. */
    Mono<Optional<T>> get(String id) {
        // suppressCancel: a caller that goes away must not cancel a load other callers share
        return Mono.fromFuture(() -> entries.get(id), true);
    }

    /** How many ids are held once pending evictions have run. */
    long size() {
        entries.synchronous().cleanUp();
        return entries.synchronous().estimatedSize();
    }

    private static long nanos(Instant instant) {
        return TimeUnit.SECONDS.toNanos(instant.getEpochSecond()) + instant.getNano();
    }
}
