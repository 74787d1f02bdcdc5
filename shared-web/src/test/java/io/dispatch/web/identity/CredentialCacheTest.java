package io.dispatch.web.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CredentialCacheTest {

    private static final Duration TTL = Duration.ofSeconds(2);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final Map<String, AtomicInteger> loads = new ConcurrentHashMap<>();

    /** Knows ids starting with "key_"; counts every load per id. */
    private final Function<String, Optional<String>> loader = id -> {
        loads.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        return id.startsWith("key_") ? Optional.of("credential of " + id) : Optional.empty();
    };

    private int loadsOf(String id) {
        AtomicInteger count = loads.get(id);
        return count == null ? 0 : count.get();
    }

    @Test
    void concurrent_misses_of_one_id_load_it_once() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CredentialCache<String> cache = new CredentialCache<>(
                id -> {
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return loader.apply(id);
                },
                TTL,
                clock);

        int callers = 16;
        List<CompletableFuture<Optional<String>>> answers;
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<Future<CompletableFuture<Optional<String>>>> asked = IntStream.range(0, callers)
                    .mapToObj(i -> threads.submit(() -> cache.get("key_1").toFuture()))
                    .toList();
            answers = asked.stream()
                    .map(future -> {
                        try {
                            return future.get(10, TimeUnit.SECONDS);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    })
                    .toList();
        }
        // every caller has asked while the first load is still held back
        release.countDown();

        for (CompletableFuture<Optional<String>> answer : answers) {
            assertThat(answer.get(10, TimeUnit.SECONDS)).contains("credential of key_1");
        }
        assertThat(loadsOf("key_1")).isEqualTo(1);
    }

    @Test
    void a_credential_is_trusted_until_the_ttl_has_passed_on_the_clock() {
        CredentialCache<String> cache = new CredentialCache<>(loader, TTL, clock);

        assertThat(cache.get("key_1").block()).contains("credential of key_1");
        clock.advance(TTL.minusMillis(1));
        assertThat(cache.get("key_1").block()).contains("credential of key_1");
        assertThat(loadsOf("key_1")).isEqualTo(1);

        clock.advance(Duration.ofMillis(1));
        assertThat(cache.get("key_1").block()).contains("credential of key_1");
        assertThat(loadsOf("key_1")).isEqualTo(2);
    }

    @Test
    void an_unknown_id_is_cached_as_empty_for_the_ttl_too() {
        CredentialCache<String> cache = new CredentialCache<>(loader, TTL, clock);

        assertThat(cache.get("nobody").block()).isEmpty();
        assertThat(cache.get("nobody").block()).isEmpty();
        assertThat(loadsOf("nobody")).isEqualTo(1);

        clock.advance(TTL);
        assertThat(cache.get("nobody").block()).isEmpty();
        assertThat(loadsOf("nobody")).isEqualTo(2);
    }

    @Test
    void more_ids_than_the_maximum_evict_some_not_everything() {
        int maximum = 100;
        CredentialCache<String> cache = new CredentialCache<>(loader, TTL, clock, maximum);

        IntStream.range(0, maximum + 50).forEach(i -> cache.get("key_" + i).block());

        assertThat(cache.size()).isEqualTo(maximum);
    }
}
