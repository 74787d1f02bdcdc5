package io.dispatch.idempotency;

import io.dispatch.web.WebLayersTest;
import org.springframework.context.annotation.Import;

/**
 * shared-web's filters with this module's added ({@link IdempotencyConfiguration}), in a running
 * server on a database of its own, spoken to over real HTTP; the stand-in endpoints under
 * /api/v1/external/dispatches count how often each Idempotency-Key ran them.
 */
@Import(IdempotencyConfiguration.class)
abstract class IdempotencyLayersTest extends WebLayersTest {

    static final String THINGS = "/api/v1/external/dispatches/things";
    static final String BODY = "{\"customerName\":\"Amina\",\"pickup\":{\"address\":\"A\",\"lat\":-1.28},\"n\":[1,2]}";

    Answer post(String path, String apiKey, String key, String json) {
        return call("POST")
                .path(path)
                .apiKey(apiKey)
                .idempotencyKey(key)
                .json(json)
                .send();
    }

    /** The same request sent twice with one merchant's new key: the first answer and the second. */
    record Twice(String apiKey, String key, Answer first, Answer second) {}

    Twice postTwice(String path, String json) {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        Answer first = post(path, apiKey, key, json);
        return new Twice(apiKey, key, first, post(path, apiKey, key, json));
    }

    int rowsFor(String key) {
        return jdbc.queryForObject(
                "select count(*) from idempotency.idempotency_keys where idempotency_key = ?", Integer.class, key);
    }
}
