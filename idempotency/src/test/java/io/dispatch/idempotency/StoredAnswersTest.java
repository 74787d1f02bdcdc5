package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which answers are stored and replayed, in whose scope, and for how long. */
class StoredAnswersTest extends IdempotencyLayersTest {

    @Test
    void a_client_error_of_the_handler_is_stored_and_replayed() {
        Twice twice = postTwice("/api/v1/external/dispatches/rejected", "{}");
        Answer first = twice.first();
        Answer replay = twice.second();

        assertThat(first.status()).isEqualTo(422);
        assertThat(first.json().get("error").get("details").get("fieldErrors").get("customerName"))
                .isNotNull();
        assertThat(first.json().get("error").get("requestId").asString()).isEqualTo(first.header("X-Request-Id"));
        assertThat(replay.status()).isEqualTo(422);
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(replay.header("X-Request-Id")).isEqualTo(first.header("X-Request-Id"));
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(endpoints.executions(twice.key())).isEqualTo(1);
    }

    @Test
    void a_body_that_is_not_json_gets_its_422_stored_and_replayed() {
        Twice twice = postTwice(THINGS, "{\"customerName\":");
        Answer first = twice.first();
        Answer replay = twice.second();
        Answer otherBytes = post(THINGS, twice.apiKey(), twice.key(), "{\"customerName\": ");

        assertThat(first.status()).isEqualTo(422);
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(otherBytes.status()).isEqualTo(409);
    }

    @Test
    void a_server_error_is_not_stored_so_a_retry_runs_again() {
        Twice twice = postTwice("/api/v1/external/dispatches/broken", "{}");
        Answer first = twice.first();
        Answer retry = twice.second();

        assertThat(first.status()).isEqualTo(500);
        assertThat(first.json().get("error").get("code").asString()).isEqualTo("INTERNAL_ERROR");
        assertThat(retry.status()).isEqualTo(500);
        assertThat(retry.header("Idempotent-Replayed")).isNull();
        assertThat(endpoints.executions(twice.key())).isEqualTo(2);
        assertThat(rowsFor(twice.key())).isZero();
    }

    @Test
    void an_answer_without_a_body_is_replayed_too() {
        Twice twice = postTwice("/api/v1/external/dispatches/empty", "{}");
        Answer first = twice.first();
        Answer replay = twice.second();

        assertThat(first.status()).isEqualTo(204);
        assertThat(replay.status()).isEqualTo(204);
        assertThat(replay.body()).isEmpty();
        assertThat(replay.header("X-Request-Id")).isEqualTo(first.header("X-Request-Id"));
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(endpoints.executions(twice.key())).isEqualTo(1);
    }

    @Test
    void keys_are_scoped_to_the_merchant() {
        String key = newIdempotencyKey();

        Answer first = post(THINGS, newApiKey(), key, BODY);
        Answer second = post(THINGS, newApiKey(), key, BODY);

        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.header("Idempotent-Replayed")).isNull();
        assertThat(second.json().get("data").get("id").asString())
                .isNotEqualTo(first.json().get("data").get("id").asString());
        assertThat(endpoints.executions(key)).isEqualTo(2);
    }

    @Test
    void two_keys_of_one_merchant_share_its_idempotency_keys() {
        UUID merchant = accounts.createMerchant("two keys").id();
        String key = newIdempotencyKey();

        Answer first = post(THINGS, newApiKey(merchant), key, BODY);
        Answer second = post(THINGS, newApiKey(merchant), key, BODY);

        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
    }

    @Test
    void a_stored_answer_expires_after_the_ttl_and_the_key_runs_anew() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        Answer first = post(THINGS, apiKey, key, BODY);
        clock.advance(Duration.ofHours(23));
        assertThat(post(THINGS, apiKey, key, BODY).header("Idempotent-Replayed"))
                .isEqualTo("true");

        clock.advance(Duration.ofHours(1).plusSeconds(1));
        Answer afterExpiry = post(THINGS, apiKey, key, BODY.replace("Amina", "Baraka"));

        assertThat(afterExpiry.status()).isEqualTo(201);
        assertThat(afterExpiry.header("Idempotent-Replayed")).isNull();
        assertThat(afterExpiry.body()).isNotEqualTo(first.body());
        assertThat(endpoints.executions(key)).isEqualTo(2);
    }

    @Test
    void expired_keys_are_deleted_by_the_periodic_cleanup() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        post(THINGS, apiKey, key, BODY);
        assertThat(rowsFor(key)).isOne();

        clock.advance(Duration.ofHours(24).plusSeconds(1));

        await().atMost(Duration.ofSeconds(10)).until(() -> rowsFor(key) == 0);
    }
}
