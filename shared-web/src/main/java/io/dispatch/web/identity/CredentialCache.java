package io.dispatch.web.identity;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Looked-up credentials (API keys, rider tokens, session merchants) by their public id, trusted
 * for a while so a request costs no database read, yet a revocation reaches every instance
 * within the TTL. Misses are cached too, so a flood of unknown ids cannot hammer the database.
 * A Caffeine cache (ADR 0025): at most {@link #MAX_ENTRIES} ids, the least useful evicted one
 * at a time; expiry counted on the injected clock from when the load finished. A hit is a plain
 * read on the caller's thread; a miss loads on the bounded-elastic scheduler, off the event loop,
 * and concurrent misses of one id wait for that one load (Caffeine's per-key compute).
 */
final class CredentialCache<T> {

    static final int MAX_ENTRIES = 10_000;

    /** Runs a load without tying it to its caller: a caller that goes away does not interrupt it. */
    private static final Executor LOADS = task -> Schedulers.boundedElastic().schedule(task);

    private final LoadingCache<String, Optional<T>> entries;

    CredentialCache(Function<String, Optional<T>> loader, Duration ttl, Clock clock) {
        this(loader, ttl, clock, MAX_ENTRIES);
    }

    CredentialCache(Function<String, Optional<T>> loader, Duration ttl, Clock clock, int maxEntries) {
        this.entries = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(maxEntries)
                .ticker(() -> nanos(clock.instant()))
                .build(loader::apply);
    }

    /** The credential of this id, or empty when there is none; loaded only on a miss. */
    Mono<Optional<T>> get(String id) {
        Optional<T> known = entries.getIfPresent(id);
        if (known != null) {
            return Mono.just(known);
        }
        // suppressCancel: a caller that goes away must not cancel a load other callers wait for
        return Mono.fromFuture(() -> CompletableFuture.supplyAsync(() -> entries.get(id), LOADS), true);
    }

    /** How many ids are held once pending evictions have run. */
    long size() {
        entries.cleanUp();
        return entries.estimatedSize();
    }

    private static long nanos(Instant instant) {
        return TimeUnit.SECONDS.toNanos(instant.getEpochSecond()) + instant.getNano();
    }
}
