package io.dispatch.web.identity;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Looked-up credentials (API keys, rider tokens) by their public id, trusted for a while so a
 * request costs no database read, yet a revocation reaches every instance within the TTL.
 * Misses are cached too, so a flood of unknown ids cannot hammer the database. The loader is
 * blocking and runs off the event loop.
 */
final class CredentialCache<T> {

  private static final int MAX_ENTRIES = 10_000;

  private final Function<String, Optional<T>> loader;
  private final Duration ttl;
  private final Clock clock;
  private final Map<String, Cached<T>> entries = new ConcurrentHashMap<>();

  private record Cached<T>(Optional<T> value, Instant expiresAt) {}

  CredentialCache(Function<String, Optional<T>> loader, Duration ttl, Clock clock) {
    this.loader = loader;
    this.ttl = ttl;
    this.clock = clock;
  }

  Mono<Optional<T>> get(String id) {
    Instant now = clock.instant();
    Cached<T> cached = entries.get(id);
    if (cached != null && cached.expiresAt().isAfter(now)) {
      return Mono.just(cached.value());
    }
    Callable<Optional<T>> load = () -> loader.apply(id);
    return Mono.fromCallable(load)
        .subscribeOn(Schedulers.boundedElastic())
        .doOnNext(value -> {
          if (entries.size() > MAX_ENTRIES) {
            entries.clear();
          }
          entries.put(id, new Cached<>(value, now.plus(ttl)));
        });
  }
}
