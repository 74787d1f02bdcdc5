package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Which requests need a key, which keys are valid, and what the same key again gets. */
class IdempotencyFilterTest extends IdempotencyLayersTest {

    private static final String SAME_BODY_REFORMATTED =
            "{ \"n\" : [1, 2],\n  \"pickup\" : { \"lat\" : -1.28, \"address\" : \"A\" },\n  \"customerName\" : \"Amina\" }";

    @Test
    void a_request_under_dispatches_without_a_key_is_a_validation_error_naming_the_header() {
        Answer answer = call("POST").path(THINGS).apiKey(newApiKey()).json(BODY).send();

        assertThat(answer.status()).isEqualTo(422);
        JsonNode error = answer.json().get("error");
        assertThat(error.get("code").asString()).isEqualTo("VALIDATION_ERROR");
        assertThat(error.get("details")
                        .get("fieldErrors")
                        .get("Idempotency-Key")
                        .get(0)
                        .asString())
                .contains("required");
        assertThat(error.get("requestId").asString()).isEqualTo(answer.header("X-Request-Id"));
    }

    @Test
    void a_read_under_dispatches_needs_a_key_too_but_other_routes_do_not() {
        String apiKey = newApiKey();
        assertThat(call("GET")
                        .path("/api/v1/external/dispatches")
                        .apiKey(apiKey)
                        .send()
                        .status())
                .isEqualTo(422);
        assertThat(call("POST")
                        .path("/api/v1/external/ping")
                        .apiKey(apiKey)
                        .send()
                        .status())
                .isEqualTo(200);
    }

    @Test
    void a_key_too_long_or_with_control_characters_is_a_validation_error() {
        String apiKey = newApiKey();
        for (String key : new String[] {"k".repeat(256), "a\tb"}) {
            Answer answer = post(THINGS, apiKey, key, BODY);
            assertThat(answer.status()).as(key).isEqualTo(422);
            assertThat(answer.json()
                            .get("error")
                            .get("details")
                            .get("fieldErrors")
                            .get("Idempotency-Key")
                            .get(0)
                            .asString())
                    .isNotBlank();
        }
        assertThat(post(THINGS, apiKey, "k".repeat(255), BODY).status()).isEqualTo(201);
    }

    @Test
    void the_same_request_again_gets_the_original_answer_byte_for_byte_without_running_again() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();

        Answer first = post(THINGS, apiKey, key, BODY);
        Answer replay = post(THINGS, apiKey, key, SAME_BODY_REFORMATTED);

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(replay.header("X-Request-Id")).isEqualTo(first.header("X-Request-Id"));
        assertThat(replay.header("Content-Type")).isEqualTo(first.header("Content-Type"));
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(endpoints.executions(key)).isEqualTo(1);
        assertThat(first.json()
                        .get("data")
                        .get("received")
                        .get("pickup")
                        .get("address")
                        .asString())
                .as("the handler still reads the body the filter buffered")
                .isEqualTo("A");
    }

    @Test
    void the_same_key_with_a_different_body_is_a_conflict() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        post(THINGS, apiKey, key, BODY);

        Answer other = post(THINGS, apiKey, key, BODY.replace("Amina", "Baraka"));

        assertThat(other.status()).isEqualTo(409);
        assertThat(other.json().get("error").get("code").asString()).isEqualTo("CONFLICT");
        assertThat(other.json().get("error").get("message").asString()).contains("different request");
        assertThat(other.header("Idempotent-Replayed")).isNull();
        assertThat(endpoints.executions(key)).isEqualTo(1);
    }

    @Test
    void the_same_key_on_another_path_or_method_is_a_conflict() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        post(THINGS, apiKey, key, BODY);

        assertThat(post("/api/v1/external/dispatches/empty", apiKey, key, BODY).status())
                .isEqualTo(409);
        assertThat(call("GET")
                        .path("/api/v1/external/dispatches")
                        .apiKey(apiKey)
                        .idempotencyKey(key)
                        .send()
                        .status())
                .isEqualTo(409);
    }

    @Test
    void a_read_is_replayed_for_the_same_query_and_a_conflict_for_another() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        Answer first = call("GET")
                .path("/api/v1/external/dispatches?status=NEW&limit=2")
                .apiKey(apiKey)
                .idempotencyKey(key)
                .send();
        Answer again = call("GET")
                .path("/api/v1/external/dispatches?status=NEW&limit=2")
                .apiKey(apiKey)
                .idempotencyKey(key)
                .send();
        Answer otherQuery = call("GET")
                .path("/api/v1/external/dispatches?status=NEW&limit=3")
                .apiKey(apiKey)
                .idempotencyKey(key)
                .send();

        assertThat(first.status()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(otherQuery.status()).isEqualTo(409);
        assertThat(endpoints.executions(key)).isEqualTo(1);
    }

    @Test
    void while_the_first_request_runs_the_same_key_is_a_conflict_to_retry_later() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        CompletableFuture<Answer> first = call("POST")
                .path("/api/v1/external/dispatches/slow")
                .apiKey(apiKey)
                .idempotencyKey(key)
                .json("{}")
                .sendAsync();
        await().atMost(Duration.ofSeconds(10)).until(() -> endpoints.executions(key) == 1);

        Answer meanwhile = post("/api/v1/external/dispatches/slow", apiKey, key, "{}");
        endpoints.open(key);
        Answer finished = first.join();
        Answer afterwards = post("/api/v1/external/dispatches/slow", apiKey, key, "{}");

        assertThat(meanwhile.status()).isEqualTo(409);
        assertThat(meanwhile.json().get("error").get("code").asString()).isEqualTo("CONFLICT");
        assertThat(meanwhile.json().get("error").get("message").asString()).contains("retry later");
        assertThat(finished.status()).isEqualTo(201);
        assertThat(afterwards.status()).isEqualTo(201);
        assertThat(afterwards.body()).isEqualTo(finished.body());
        assertThat(afterwards.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(endpoints.executions(key)).isEqualTo(1);
    }
}
