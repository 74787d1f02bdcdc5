package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.ORDER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A creation's Idempotency-Key is stored with its events, so a retry can only find what the key
 * made. The stored answer is deleted here to stand for every way it gets lost after the append:
 * a crash before it was written, a failed write, a 5xx or a disconnect that released the key.
 */
class IdempotentCreationTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @Test
    void a_retry_whose_stored_answer_was_lost_answers_the_same_delivery_and_creates_nothing_more() throws Exception {
        Merchant m = dispatch.newMerchant("Lost answer");
        Map<String, String> headers = Map.of(
                "X-API-Key", m.apiKey(), "Idempotency-Key", UUID.randomUUID().toString());
        String first = dispatch.call("POST", "/api/v1/external/dispatches", headers, ORDER.formatted("lost-1"), 201)
                .data()
                .get("id")
                .asText();
        forgetStoredAnswers(m);

        Answer retry = dispatch.call("POST", "/api/v1/external/dispatches", headers, ORDER.formatted("lost-1"), 201);
        assertThat(retry.data().get("id").asText()).isEqualTo(first);
        assertThat(retry.data().get("externalId").asText()).isEqualTo("lost-1");
        forgetStoredAnswers(m);
        Answer other = dispatch.call("POST", "/api/v1/external/dispatches", headers, ORDER.formatted("lost-2"), 409);
        assertThat(other.error().get("code").asText()).isEqualTo("CONFLICT");

        assertThat(ids(m)).containsExactly(first);
    }

    @Test
    void a_bulk_retried_after_its_answer_was_lost_answers_the_same_deliveries_in_order() throws Exception {
        Merchant m = dispatch.newMerchant("Lost bulk answer");
        Map<String, String> headers = Map.of(
                "X-API-Key", m.apiKey(), "Idempotency-Key", UUID.randomUUID().toString());
        String bulk = "{\"orders\":[" + ORDER.formatted("b-1") + "," + ORDER.formatted("b-2") + ","
                + ORDER.formatted("b-3") + "]}";
        JsonNode first = dispatch.call("POST", "/api/v1/external/dispatches/bulk", headers, bulk, 201)
                .data();
        forgetStoredAnswers(m);

        JsonNode retry = dispatch.call("POST", "/api/v1/external/dispatches/bulk", headers, bulk, 201)
                .data();
        assertThat(retry.get("count").asInt()).isEqualTo(3);
        List<String> firstIds = new ArrayList<>();
        List<String> retryIds = new ArrayList<>();
        first.get("dispatches").forEach(d -> firstIds.add(d.get("id").asText()));
        retry.get("dispatches").forEach(d -> retryIds.add(d.get("id").asText()));
        assertThat(retryIds).containsExactlyElementsOf(firstIds);
        assertThat(ids(m)).containsExactlyInAnyOrderElementsOf(firstIds);
    }

    private static void forgetStoredAnswers(Merchant m) {
        int deleted = dispatch.bean(JdbcTemplate.class)
                .update("delete from idempotency.idempotency_keys where merchant_id = ?::uuid", m.id());
        assertThat(deleted).as("the stored answer to forget").isEqualTo(1);
    }

    private static List<String> ids(Merchant m) throws Exception {
        List<String> ids = new ArrayList<>();
        dispatch.call("GET", "/api/v1/external/dispatches", DispatchUnderTest.merchant(m.apiKey()), null, 200)
                .data()
                .forEach(d -> ids.add(d.get("id").asText()));
        return ids;
    }
}
