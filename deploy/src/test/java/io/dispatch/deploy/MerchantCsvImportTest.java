package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The merchant's CSV import (POST /api/v1/external/dispatches/import) over real HTTP against the
 * whole service: the operator's import on the merchant's own account, all or nothing, with a
 * preview (dryRun=true) that names each bad row and creates nothing, under the Idempotency-Key
 * rules of every /dispatches request, and never visible to another merchant.
 */
class MerchantCsvImportTest {

    private static final String IMPORT = "/api/v1/external/dispatches/import";
    private static final String HEADER = "customerName,customerPhone,pickup.address,pickup.lat,pickup.lng,"
            + "dropoff.address,paymentType,amountCents,externalId\n";
    private static final String GOOD_ROW =
            "Amina Njeri,+254700000001,Moi Ave 1,-1.2841,36.8233,Ngong Rd 12,COD,150000,csv-1\n";
    private static final String BAD_ROW =
            "Baraka Otieno,not-a-phone,Moi Ave 2,-1.2842,north,Ngong Rd 13,PREPAID,,csv-2\n";
    private static final String OTHER_GOOD_ROW =
            "\"Otieno, Baraka\",+254 700 000 002,\"Moi Ave 2, 3rd floor\",,,Ngong Rd 13,PREPAID,,csv-2\n";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    private static Answer upload(Merchant m, String query, String csv) throws Exception {
        return dispatch.send("POST", IMPORT + query, merchant(m.apiKey()), csv, "text/csv");
    }

    private static JsonNode list(Merchant m, String query) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches" + query, merchant(m.apiKey()), null, 200)
                .data();
    }

    @Test
    void a_preview_names_the_bad_rows_as_the_import_would_and_creates_nothing() throws Exception {
        Merchant m = dispatch.newMerchant("CSV preview " + UUID.randomUUID());
        Answer preview = upload(m, "?dryRun=true", HEADER + GOOD_ROW + BAD_ROW);
        assertThat(preview.status()).as(preview.response().body()).isEqualTo(200);
        JsonNode data = preview.data();
        assertThat(data.get("rows").asInt()).isEqualTo(2);
        assertThat(data.get("valid").asInt()).isEqualTo(1);
        assertThat(data.get("errors")).hasSize(1);
        JsonNode row = data.get("errors").get(0);
        assertThat(row.get("row").asInt())
                .as("rows[1] is the second row after the header")
                .isEqualTo(1);
        assertThat(row.get("fieldErrors").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder("rows[1].customerPhone", "rows[1].pickup.lng");

        Answer committed = upload(m, "", HEADER + GOOD_ROW + BAD_ROW);
        assertThat(committed.status()).as(committed.response().body()).isEqualTo(422);
        assertThat(committed.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(committed.error().get("details").get("fieldErrors"))
                .as("the preview's row errors are exactly the import's 422")
                .isEqualTo(row.get("fieldErrors"));

        JsonNode allGood =
                upload(m, "?dryRun=true", HEADER + GOOD_ROW + OTHER_GOOD_ROW).data();
        assertThat(allGood.get("rows").asInt()).isEqualTo(2);
        assertThat(allGood.get("valid").asInt()).isEqualTo(2);
        assertThat(allGood.get("errors")).isEmpty();
        assertThat(list(m, ""))
                .as("neither a preview nor a refused import created anything")
                .isEmpty();
    }

    @Test
    void an_import_creates_every_row_with_source_csv_and_answers_as_the_operators_import() throws Exception {
        Merchant m = dispatch.newMerchant("CSV import " + UUID.randomUUID());
        Answer imported = upload(m, "", HEADER + GOOD_ROW + OTHER_GOOD_ROW);
        assertThat(imported.status()).as(imported.response().body()).isEqualTo(201);
        assertThat(imported.data().get("count").asInt()).isEqualTo(2);
        JsonNode rows = imported.data().get("dispatches");
        assertThat(rows).extracting(d -> d.get("externalId").asText()).containsExactly("csv-1", "csv-2");
        assertThat(rows).extracting(d -> d.get("source").asText()).containsOnly("csv");
        assertThat(rows.get(0).get("amountCents").asLong()).isEqualTo(150000);
        assertThat(rows.get(1).get("customerName").asText()).isEqualTo("Otieno, Baraka");

        JsonNode listed = list(m, "?source=csv");
        assertThat(listed)
                .extracting(d -> d.get("id").asText())
                .containsExactlyInAnyOrder(
                        rows.get(0).get("id").asText(), rows.get(1).get("id").asText());
        JsonNode history = dispatch.call(
                        "GET",
                        "/api/v1/external/dispatches/" + rows.get(0).get("id").asText() + "/events",
                        merchant(m.apiKey()),
                        null,
                        200)
                .data();
        assertThat(history.get(0).get("actor").get("type").asText())
                .as("the merchant imported it")
                .isEqualTo("merchant");
        assertThat(history.get(0).get("actor").get("id").asText()).isEqualTo(m.id());

        // file-level problems answer 422 in both modes, on body or rows
        for (String query : new String[] {"", "?dryRun=true"}) {
            assertThat(upload(m, query, HEADER)
                            .error()
                            .get("details")
                            .get("fieldErrors")
                            .has("rows"))
                    .isTrue();
            assertThat(upload(m, query, HEADER + "\"unclosed,quote\n")
                            .error()
                            .get("details")
                            .get("fieldErrors")
                            .has("body"))
                    .isTrue();
        }
        assertThat(upload(m, "?dryRun=maybe", HEADER + GOOD_ROW)
                        .error()
                        .get("details")
                        .get("fieldErrors")
                        .has("dryRun"))
                .isTrue();
        assertThat(list(m, "")).hasSize(2);
    }

    @Test
    void an_import_follows_the_idempotency_key_rules_of_a_bulk_create() throws Exception {
        Merchant m = dispatch.newMerchant("CSV idempotency " + UUID.randomUUID());
        Answer withoutKey =
                dispatch.send("POST", IMPORT, Map.of("X-API-Key", m.apiKey()), HEADER + GOOD_ROW, "text/csv");
        assertThat(withoutKey.status()).isEqualTo(422);
        assertThat(withoutKey.error().get("details").get("fieldErrors").has("Idempotency-Key"))
                .isTrue();

        Map<String, String> headers = new HashMap<>(merchant(m.apiKey()));
        Answer first = dispatch.send("POST", IMPORT, headers, HEADER + GOOD_ROW, "text/csv");
        assertThat(first.status()).as(first.response().body()).isEqualTo(201);
        Answer replayed = dispatch.send("POST", IMPORT, headers, HEADER + GOOD_ROW, "text/csv");
        assertThat(replayed.status()).isEqualTo(201);
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replayed.response().body()).isEqualTo(first.response().body());
        Answer otherFile = dispatch.send("POST", IMPORT, headers, HEADER + OTHER_GOOD_ROW, "text/csv");
        assertThat(otherFile.status()).isEqualTo(409);
        assertThat(list(m, "")).as("one import, however often it was sent").hasSize(1);
    }

    @Test
    void one_merchants_import_and_preview_are_never_visible_to_another() throws Exception {
        Merchant a = dispatch.newMerchant("CSV A " + UUID.randomUUID());
        Merchant b = dispatch.newMerchant("CSV B " + UUID.randomUUID());
        String key = UUID.randomUUID().toString();
        Answer ofA = dispatch.send(
                "POST",
                IMPORT,
                Map.of("X-API-Key", a.apiKey(), "Idempotency-Key", key),
                HEADER + GOOD_ROW + OTHER_GOOD_ROW,
                "text/csv");
        assertThat(ofA.status()).as(ofA.response().body()).isEqualTo(201);

        // B under the same key and file: B's own import, not A's answer replayed
        Answer ofB = dispatch.send(
                "POST", IMPORT, Map.of("X-API-Key", b.apiKey(), "Idempotency-Key", key), HEADER + GOOD_ROW, "text/csv");
        assertThat(ofB.status()).as(ofB.response().body()).isEqualTo(201);
        assertThat(ofB.header("Idempotent-Replayed")).isNull();
        String idOfB = ofB.data().get("dispatches").get(0).get("id").asText();

        assertThat(list(b, "?limit=200")).extracting(d -> d.get("id").asText()).containsExactly(idOfB);
        assertThat(list(b, "?source=csv&limit=200"))
                .extracting(d -> d.get("id").asText())
                .containsExactly(idOfB);
        for (JsonNode d : ofA.data().get("dispatches")) {
            dispatch.call(
                    "GET", "/api/v1/external/dispatches/" + d.get("id").asText(), merchant(b.apiKey()), null, 404);
        }
        assertThat(list(a, "?source=csv&limit=200")).hasSize(2);
    }
}
