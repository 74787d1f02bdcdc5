package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.idempotency.IdempotencyStore.Claim;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The claim protocol under the filter, against the real table. */
class IdempotencyStoreTest extends IdempotencyLayersTest {

    private static final byte[] FINGERPRINT = RequestFingerprint.of("POST", "/d", null, new byte[0]);
    private static final StoredAnswer CREATED = new StoredAnswer(
            201, "application/json", UUID.randomUUID().toString(), "{}".getBytes(StandardCharsets.UTF_8));

    @Autowired
    IdempotencyStore store;

    @Test
    void of_concurrent_first_uses_of_a_key_exactly_one_acquires_it() throws Exception {
        UUID merchant = UUID.randomUUID();
        String key = newIdempotencyKey();
        List<Callable<Claim>> claims = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            claims.add(() -> store.claim(merchant, key, FINGERPRINT));
        }
        List<Claim> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (Future<Claim> result : threads.invokeAll(claims)) {
                results.add(result.get());
            }
        }

        assertThat(results).filteredOn(Claim.Acquired.class::isInstance).hasSize(1);
        assertThat(results).filteredOn(Claim.Busy.class::isInstance).hasSize(7);
    }

    @Test
    void an_abandoned_claim_is_taken_over_after_the_in_progress_timeout() {
        UUID merchant = UUID.randomUUID();
        String key = newIdempotencyKey();
        Claim.Acquired crashed = (Claim.Acquired) store.claim(merchant, key, FINGERPRINT);
        assertThat(store.claim(merchant, key, FINGERPRINT)).isInstanceOf(Claim.Busy.class);

        clock.advance(Duration.ofSeconds(61));
        Claim takeover = store.claim(merchant, key, FINGERPRINT);

        assertThat(takeover).isInstanceOf(Claim.Acquired.class);
        assertThat(((Claim.Acquired) takeover).owner()).isNotEqualTo(crashed.owner());
        store.complete(merchant, key, crashed.owner(), CREATED);
        assertThat(store.claim(merchant, key, FINGERPRINT))
                .as("the late first request does not overwrite its successor's claim")
                .isInstanceOf(Claim.Busy.class);
        store.complete(merchant, key, ((Claim.Acquired) takeover).owner(), CREATED);
        assertThat(store.claim(merchant, key, FINGERPRINT)).isInstanceOf(Claim.Replay.class);
    }

    @Test
    void a_released_key_can_be_claimed_again() {
        UUID merchant = UUID.randomUUID();
        String key = newIdempotencyKey();
        Claim.Acquired first = (Claim.Acquired) store.claim(merchant, key, FINGERPRINT);

        store.release(merchant, key, first.owner());

        assertThat(store.claim(merchant, key, FINGERPRINT)).isInstanceOf(Claim.Acquired.class);
    }

    @Test
    void a_stored_answer_comes_back_whole() {
        UUID merchant = UUID.randomUUID();
        String key = newIdempotencyKey();
        Claim.Acquired first = (Claim.Acquired) store.claim(merchant, key, FINGERPRINT);
        store.complete(merchant, key, first.owner(), CREATED);

        Claim again = store.claim(merchant, key, FINGERPRINT);

        StoredAnswer answer = ((Claim.Replay) again).answer();
        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.contentType()).isEqualTo("application/json");
        assertThat(answer.requestId()).isEqualTo(CREATED.requestId());
        assertThat(answer.body()).isEqualTo(CREATED.body());
        assertThat(store.claim(merchant, key, RequestFingerprint.of("POST", "/other", null, new byte[0])))
                .isInstanceOf(Claim.Mismatch.class);
    }

    @Test
    void only_2xx_and_4xx_other_than_401_and_429_are_kept() {
        assertThat(List.of(200, 201, 202, 204, 400, 403, 404, 409, 413, 415, 422))
                .allMatch(StoredAnswer::storable);
        assertThat(List.of(101, 301, 304, 401, 429, 500, 502, 503)).noneMatch(StoredAnswer::storable);
    }
}
