package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.WebLayersTestApp;
import io.dispatch.web.identity.RiderAccounts;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The rider's steps honour an Idempotency-Key, per rider: the rider app sends a step taken offline
 * again, with the same key, when it never saw the first answer; that must be the first answer, not
 * the 409 a second run of the step gives. The test context allows 4 rider requests per rider per
 * minute, so each test uses riders of its own.
 */
class RiderIdempotencyTest extends IdempotencyLayersTest {

    @Autowired
    RiderAccounts riders;

    @Autowired
    WebLayersTestApp.RiderEndpoint rider;

    private String newRiderToken() {
        return riders.createRider("Rider " + UUID.randomUUID(), "+254 711 000 009")
                .token();
    }

    private Answer depart(String token, String dispatchId, String key) {
        Call call = call("POST")
                .path("/api/v1/rider/dispatches/" + dispatchId + "/depart")
                .header("X-Rider-Token", token);
        return (key == null ? call : call.idempotencyKey(key)).send();
    }

    @Test
    void the_same_step_with_the_same_key_again_answers_the_stored_first_answer_not_a_conflict() {
        String token = newRiderToken();
        String dispatchId = UUID.randomUUID().toString();
        String key = newIdempotencyKey();

        Answer first = depart(token, dispatchId, key);
        Answer again = depart(token, dispatchId, key);

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().get("data").get("status").asString()).isEqualTo("IN_TRANSIT");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.header("X-Request-Id")).isEqualTo(first.header("X-Request-Id"));
        assertThat(rider.departures(dispatchId)).as("the step ran once").isEqualTo(1);

        assertThat(depart(token, dispatchId, newIdempotencyKey()).status())
                .as("a new key is a new request: the step runs and is refused")
                .isEqualTo(409);
    }

    @Test
    void without_a_key_a_step_runs_each_time_as_before() {
        String token = newRiderToken();
        String dispatchId = UUID.randomUUID().toString();

        assertThat(depart(token, dispatchId, null).status()).isEqualTo(200);
        Answer again = depart(token, dispatchId, null);

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.header("Idempotent-Replayed")).isNull();
        assertThat(rider.departures(dispatchId)).isEqualTo(2);
    }

    @Test
    void one_riders_key_is_not_another_riders_nor_a_merchants() {
        String key = newIdempotencyKey();
        String dispatchId = UUID.randomUUID().toString();
        // a merchant uses the key first, on its own route
        assertThat(call("POST")
                        .path("/api/v1/external/dispatches/things")
                        .apiKey(newApiKey())
                        .idempotencyKey(key)
                        .json("{\"n\":1}")
                        .send()
                        .status())
                .isEqualTo(201);

        Answer first = depart(newRiderToken(), dispatchId, key);
        Answer other = depart(newRiderToken(), dispatchId, key);

        assertThat(first.status()).as("the merchant's key is not the rider's").isEqualTo(200);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(other.status())
                .as("another rider's request with the same key runs: it is refused by the step itself")
                .isEqualTo(409);
        assertThat(other.header("Idempotent-Replayed")).isNull();
        assertThat(rider.departures(dispatchId)).isEqualTo(2);
    }

    @Test
    void a_malformed_key_on_a_step_is_a_validation_error_and_the_position_report_ignores_keys() {
        String token = newRiderToken();
        Answer malformed = depart(token, UUID.randomUUID().toString(), "a\tb");
        assertThat(malformed.status()).isEqualTo(422);
        assertThat(malformed
                        .json()
                        .get("error")
                        .get("details")
                        .get("fieldErrors")
                        .has("Idempotency-Key"))
                .isTrue();

        String key = newIdempotencyKey();
        for (int i = 0; i < 2; i++) {
            Answer location = call("POST")
                    .path("/api/v1/rider/location")
                    .header("X-Rider-Token", token)
                    .idempotencyKey(key)
                    .json("{\"lat\":1,\"lng\":2}")
                    .send();
            assertThat(location.status()).isEqualTo(202);
            assertThat(location.header("Idempotent-Replayed")).isNull();
        }
    }

    @Test
    void a_riders_scope_never_equals_a_random_id() {
        UUID riderId = UUID.randomUUID();
        UUID scope = KeyScope.ofRider(riderId);
        assertThat(scope.version()).isEqualTo(3);
        assertThat(scope).isEqualTo(KeyScope.ofRider(riderId)).isNotEqualTo(riderId);
    }
}
