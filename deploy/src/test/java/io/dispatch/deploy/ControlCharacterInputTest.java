package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Text the storage cannot hold is refused at the door on every write route, over real HTTP
 * against the whole service: control characters (U+0000 to U+001F, U+007F to U+009F) and
 * unpaired surrogates answer 422 VALIDATION_ERROR naming the field as the client wrote it; tab
 * and line breaks pass in the free-text fields that may span lines. A NUL that got through used
 * to stall the read model (PostgreSQL text refuses it and the projection retried forever).
 */
class ControlCharacterInputTest {

    // JSON escapes, as a client writes them: Jackson reads them into the very characters
    private static final String NUL = "\\u0000";
    private static final String LONE_SURROGATE = "\\ud800";
    private static final String VERTICAL_TAB = "\\u000b";

    /** A create body whose every text field is a {@code "@field"} token, filled by {@link #order}. */
    private static final String ORDER = """
      {"customerName":"@customerName","customerPhone":"@customerPhone","externalId":"@externalId",
       "pickup":{"address":"@pickup.address","lat":-1.2841,"lng":36.8219,"notes":"@pickup.notes"},
       "dropoff":{"address":"@dropoff.address","lat":-1.3001,"lng":36.7833,"notes":"@dropoff.notes"},
       "paymentType":"@paymentType","amountCents":150000,"currency":"@currency",
       "targetPickupAt":"@targetPickupAt"}""";

    private static final Map<String, String> TEXT_FIELDS = textFields();

    private static final String ZONE = """
      {"name":"%s","priority":5,
       "polygon":{"type":"Polygon","coordinates":[[[10.00,10.00],[10.10,10.00],[10.10,10.10],[10.00,10.10],[10.00,10.00]]]},
       "baseFeeCents":10000,"perKmCents":1000,"minFeeCents":12000,"targetPickupSeconds":900,
       "targetDeliverySeconds":2700,"detourFactor":1.2,"avgSpeedKmh":20}""";
    private static final String CSV_HEADER =
            "customerName,customerPhone,pickup.address,pickup.notes,dropoff.address,paymentType,externalId\n";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Rider rider;

    @BeforeAll
    static void start() throws Exception {
        rider = dispatch.newRider("Control Rider");
    }

    private static Map<String, String> textFields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("customerName", "Amina Njeri");
        fields.put("customerPhone", "+254 700 000 001");
        fields.put("externalId", "cc-1");
        fields.put("pickup.address", "Kenyatta Ave 1");
        fields.put("pickup.notes", "Gate B");
        fields.put("dropoff.address", "Ngong Rd 12");
        fields.put("dropoff.notes", "Call first");
        fields.put("paymentType", "COD");
        fields.put("currency", "KES");
        fields.put("targetPickupAt", "2030-11-21T10:00:00Z");
        return fields;
    }

    /** The create body with {@code field} set to {@code json}, the inside of a JSON string. */
    private static String order(String field, String json) {
        String body = ORDER;
        for (var entry : TEXT_FIELDS.entrySet()) {
            body = body.replace(
                    "\"@" + entry.getKey() + "\"",
                    "\"" + (entry.getKey().equals(field) ? json : entry.getValue()) + "\"");
        }
        return body;
    }

    private static String order() {
        return order("", "");
    }

    /** 422 VALIDATION_ERROR whose fieldErrors name exactly {@code field}; answers its messages. */
    private static List<String> refused(Answer answer, String field) {
        assertThat(answer.status()).as("%s", answer.response().body()).isEqualTo(422);
        JsonNode error = answer.error();
        assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
        JsonNode fieldErrors = error.get("details").get("fieldErrors");
        assertThat(fieldErrors.fieldNames()).toIterable().as("%s", fieldErrors).containsExactly(field);
        List<String> messages = new ArrayList<>();
        fieldErrors.get(field).forEach(m -> messages.add(m.asText()));
        return messages;
    }

    /** As {@link #refused}, and the message names the character found. */
    private static void refusedCharacter(Answer answer, String field, String found) {
        assertThat(refused(answer, field))
                .singleElement()
                .asString()
                .startsWith("must not contain ")
                .contains("(found " + found + " at position ");
    }

    /** A merchant create with {@code field} set to {@code json} (as {@link #order(String, String)}), unchecked. */
    private static Answer create(Merchant m, String field, String json) throws Exception {
        return send("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), order(field, json));
    }

    private static Answer send(String method, String path, Map<String, String> headers, String body) throws Exception {
        return dispatch.send(method, path, headers, body, "application/json");
    }

    private static Map<String, String> operator(String operatorId) {
        Map<String, String> headers = new HashMap<>(admin());
        headers.put("X-Operator-Id", operatorId);
        return headers;
    }

    // --- merchant API -------------------------------------------------------------------------

    @Test
    void a_nul_in_any_text_field_of_a_merchant_create_is_refused_on_that_field() throws Exception {
        Merchant m = dispatch.newMerchant("Control Create");
        for (String field : TEXT_FIELDS.keySet()) {
            Answer answer = create(m, field, "A" + NUL + "B");
            refusedCharacter(answer, field, "U+0000");
        }
        List<String> messages = refused(create(m, "customerName", "A" + NUL + "B"), "customerName");
        assertThat(messages).containsExactly("must not contain control characters (found U+0000 at position 1)");
    }

    @Test
    void a_lone_surrogate_or_a_vertical_tab_is_refused_and_line_breaks_pass_only_in_notes() throws Exception {
        Merchant m = dispatch.newMerchant("Control Kinds");
        assertThat(refused(create(m, "customerName", "Amina " + LONE_SURROGATE), "customerName"))
                .containsExactly("must not contain unpaired surrogates (found U+D800 at position 6)");
        refusedCharacter(create(m, "pickup.address", "Gate" + VERTICAL_TAB + "B"), "pickup.address", "U+000B");
        refusedCharacter(create(m, "pickup.notes", "Gate" + VERTICAL_TAB + "B"), "pickup.notes", "U+000B");
        refusedCharacter(create(m, "dropoff.address", "Ngong Rd\\n12"), "dropoff.address", "U+000A");
        refusedCharacter(create(m, "customerName", "Amina\\u009fNjeri"), "customerName", "U+009F");

        JsonNode created = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(m.apiKey()),
                        order("pickup.notes", "Gate B\\r\\n\\tring twice \\uD83D\\uDE9A"),
                        201)
                .data();
        assertThat(created.get("pickup").get("notes").asText()).isEqualTo("Gate B\r\n\tring twice \uD83D\uDE9A");
    }

    @Test
    void after_a_refused_nul_the_next_create_is_readable_at_once() throws Exception {
        Merchant m = dispatch.newMerchant("Control Stall");
        refusedCharacter(create(m, "customerName", "A" + NUL + "B"), "customerName", "U+0000");
        String id = dispatch.createDelivery(m, order());
        JsonNode read = dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200)
                .data();
        assertThat(read.get("customerName").asText()).isEqualTo("Amina Njeri");
    }

    @Test
    void a_bulk_names_the_row_and_field() throws Exception {
        Merchant m = dispatch.newMerchant("Control Bulk");
        String bulk = "{\"orders\":[" + order() + "," + order("dropoff.notes", "x" + NUL) + "]}";
        refusedCharacter(
                send("POST", "/api/v1/external/dispatches/bulk", merchant(m.apiKey()), bulk),
                "orders[1].dropoff.notes",
                "U+0000");
    }

    @Test
    void a_cancel_reason_may_span_lines_but_holds_no_nul() throws Exception {
        Merchant m = dispatch.newMerchant("Control Cancel");
        String id = dispatch.createDelivery(m, order());
        String path = "/api/v1/external/dispatches/" + id + "/status";
        refusedCharacter(
                send(
                        "PATCH",
                        path,
                        merchant(m.apiKey()),
                        "{\"status\":\"CANCELLED\",\"reason\":\"duplicate" + NUL + "\"}"),
                "reason",
                "U+0000");
        refusedCharacter(
                send(
                        "PATCH",
                        path,
                        merchant(m.apiKey()),
                        "{\"status\":\"CANCELLED\",\"reason\":\"duplicate" + LONE_SURROGATE + "\"}"),
                "reason",
                "U+D800");
        refused(send("PATCH", path, merchant(m.apiKey()), "{\"status\":\"CANCELLED" + NUL + "\"}"), "status");

        dispatch.call(
                "PATCH",
                path,
                merchant(m.apiKey()),
                "{\"status\":\"CANCELLED\",\"reason\":\"duplicate\\n\\tordered twice\"}",
                200);
        JsonNode read = dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200)
                .data();
        assertThat(read.get("status").asText()).isEqualTo("CANCELLED");
    }

    // --- operator API -------------------------------------------------------------------------

    @Test
    void operator_merchant_and_key_bodies_refuse_control_characters() throws Exception {
        refusedCharacter(
                send("POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"A" + NUL + "B\"}"), "name", "U+0000");
        refusedCharacter(
                send("POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"" + LONE_SURROGATE + "\"}"),
                "name",
                "U+D800");
        refusedCharacter(send("POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"\\u001f\"}"), "name", "U+001F");

        Merchant m = dispatch.newMerchant("Control Keys");
        refusedCharacter(
                send(
                        "POST",
                        "/api/v1/admin/merchants/" + m.id() + "/api-keys",
                        admin(),
                        "{\"scopes\":[\"read" + NUL + "\"]}"),
                "scopes",
                "U+0000");
    }

    @Test
    void operator_creates_and_csv_imports_name_the_field_and_row() throws Exception {
        Merchant m = dispatch.newMerchant("Control Operator");
        String base = "/api/v1/admin/merchants/" + m.id() + "/dispatches";
        refusedCharacter(
                send("POST", base, admin(), order("dropoff.address", "Ngong" + NUL)), "dropoff.address", "U+0000");

        String csv = CSV_HEADER
                + "Amina Njeri,+254700000001,Moi Ave 1,,Ngong Rd 12,COD,cc-csv-1\n"
                + "Baraka\u0000Otieno,+254700000002,Moi Ave 2,,Ngong Rd 13,PREPAID,cc-csv-2\n";
        refusedCharacter(
                dispatch.send("POST", base + "/import", admin(), csv, "text/csv"), "rows[1].customerName", "U+0000");
        String verticalTab =
                CSV_HEADER + "Amina Njeri,+254700000001,Moi Ave 1,\"Gate\u000BB\",Ngong Rd 12,COD,cc-csv-3\n";
        refusedCharacter(
                dispatch.send("POST", base + "/import", admin(), verticalTab, "text/csv"),
                "rows[0].pickup.notes",
                "U+000B");

        String multiLine = CSV_HEADER
                + "Amina Njeri,+254700000001,Moi Ave 1,\"Gate B\r\n\tring twice\",Ngong Rd 12,COD,cc-csv-4\n";
        Answer imported = dispatch.send("POST", base + "/import", admin(), multiLine, "text/csv");
        assertThat(imported.status()).as("%s", imported.response().body()).isEqualTo(201);
        assertThat(imported.data()
                        .get("dispatches")
                        .get(0)
                        .get("pickup")
                        .get("notes")
                        .asText())
                .isEqualTo("Gate B\r\n\tring twice");
    }

    @Test
    void assign_and_fail_bodies_refuse_control_characters_and_a_fail_detail_may_span_lines() throws Exception {
        Merchant m = dispatch.newMerchant("Control Fail");
        String id = dispatch.call("POST", "/api/v1/admin/merchants/" + m.id() + "/dispatches", admin(), order(), 201)
                .data()
                .get("id")
                .asText();
        refused(
                send("POST", "/api/v1/admin/dispatches/" + id + "/assign", admin(), "{\"riderId\":\"" + NUL + "\"}"),
                "riderId");
        String fail = "/api/v1/admin/dispatches/" + id + "/fail";
        refusedCharacter(
                send("POST", fail, admin(), "{\"reasonCode\":\"OTHER\",\"detail\":\"gate" + NUL + "\"}"),
                "detail",
                "U+0000");
        refusedCharacter(
                send("POST", fail, admin(), "{\"reasonCode\":\"REFUSED" + NUL + "\"}"), "reasonCode", "U+0000");

        JsonNode failed = dispatch.call(
                        "POST",
                        fail,
                        admin(),
                        "{\"reasonCode\":\"OTHER\",\"detail\":\"gate locked\\n\\tdog loose\"}",
                        200)
                .data();
        assertThat(failed.get("status").asText()).isEqualTo("FAILED");
        assertThat(failed.get("failureDetail").asText()).isEqualTo("gate locked\n\tdog loose");
    }

    @Test
    void riders_zones_pricing_and_webhooks_refuse_control_characters() throws Exception {
        refusedCharacter(
                send(
                        "POST",
                        "/api/v1/admin/riders",
                        admin(),
                        "{\"name\":\"A" + NUL + "\",\"phone\":\"+254 711 000 000\"}"),
                "name",
                "U+0000");
        refusedCharacter(
                send(
                        "POST",
                        "/api/v1/admin/riders",
                        admin(),
                        "{\"name\":\"Otieno\",\"phone\":\"+254" + VERTICAL_TAB + "711 000 000\"}"),
                "phone",
                "U+000B");

        refusedCharacter(
                send("PUT", "/api/v1/admin/zones/control-test", admin(), ZONE.formatted("Zone" + NUL)),
                "name",
                "U+0000");
        refusedCharacter(
                send("PUT", "/api/v1/admin/zones/control-test", admin(), ZONE.formatted(LONE_SURROGATE)),
                "name",
                "U+D800");
        dispatch.call("DELETE", "/api/v1/admin/zones/control-test", admin(), null, 404);
        // a control character in the path is percent-encoded, and the firewall or the zone id rule refuses it
        Answer encodedId = send("PUT", "/api/v1/admin/zones/zone%00x", admin(), ZONE.formatted("Zone"));
        assertThat(encodedId.status()).isIn(400, 422);
        assertThat(encodedId.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");

        refused(send("PUT", "/api/v1/admin/pricing/default", admin(), """
        {"baseFeeCents":"%s","perKmCents":1000,"minFeeCents":12000,"detourFactor":1.2,"avgSpeedKmh":20}""".formatted(NUL)), "baseFeeCents");

        Merchant m = dispatch.newMerchant("Control Webhook");
        String webhook = "/api/v1/admin/merchants/" + m.id() + "/webhook";
        refusedCharacter(
                send("PUT", webhook, admin(), "{\"url\":\"http://127.0.0.1:9/hook" + NUL + "\"}"), "url", "U+0000");
        refusedCharacter(
                send("PUT", webhook, admin(), "{\"url\":\"http://127.0.0.1:9/" + LONE_SURROGATE + "\"}"),
                "url",
                "U+D800");
    }

    @Test
    void the_operator_id_header_refuses_control_characters() throws Exception {
        Merchant m = dispatch.newMerchant("Control Header");
        String path = "/api/v1/admin/merchants/" + m.id() + "/dispatches";
        // a tab is legal in an HTTP header, so only the service itself can refuse it
        refusedCharacter(send("POST", path, operator("ops\tjane"), order()), "X-Operator-Id", "U+0009");
        // The JDK client will not send the others, so they go on a socket (ISO-8859-1, one byte a
        // character). C0 controls and DEL never reach the service: the HTTP decoder refuses the head,
        // and the edge answers 400 in the envelope and closes without resetting the connection.
        for (String control : List.of("\u0000", "\u0001", "\u001f", "\u007f")) {
            Answer answer = raw("POST", path, "X-Operator-Id: ops" + control + "jane\r\n", null);
            assertThat(answer.status()).as("%s", answer.response().body()).isEqualTo(400);
            assertThat(answer.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(answer.error().get("message").asText()).startsWith("The request is not valid HTTP/1.1");
            assertThat(answer.error().get("requestId").asText()).isEqualTo(answer.header("X-Request-Id"));
        }
        // C1 controls are refused by the security firewall's header check before the controller sees them
        for (String control : List.of("\u0085", "\u009f")) {
            // no body: refused before it is read, a body left unread would make the close a reset
            Answer answer = raw("POST", path, "X-Operator-Id: ops" + control + "jane\r\n", null);
            assertThat(answer.status()).as("%s", answer.response().body()).isIn(400, 422);
            assertThat(answer.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
        }
        JsonNode none = dispatch.call("GET", "/api/v1/external/dispatches", merchant(m.apiKey()), null, 200)
                .data();
        assertThat(none).as("nothing was created").isEmpty();

        JsonNode created =
                dispatch.call("POST", path, operator("ops-jane"), order(), 201).data();
        assertThat(created.get("status").asText()).isEqualTo("NEW");
    }

    // --- rider API ----------------------------------------------------------------------------

    @Test
    void rider_deliver_fail_and_location_bodies_refuse_control_characters() throws Exception {
        String someDelivery = "/api/v1/rider/dispatches/" + UUID.randomUUID();
        refusedCharacter(
                send(
                        "POST",
                        someDelivery + "/deliver",
                        rider(rider),
                        "{\"proof\":{\"type\":\"PHOTO\",\"recipientName\":\"Amina" + NUL
                                + "\",\"photoUrl\":\"https://x.test/p.jpg\"}}"),
                "proof.recipientName",
                "U+0000");
        refusedCharacter(
                send(
                        "POST",
                        someDelivery + "/deliver",
                        rider(rider),
                        "{\"proof\":{\"type\":\"PHOTO\",\"recipientName\":\"Amina\",\"photoUrl\":\"https://x.test/"
                                + LONE_SURROGATE + "\"}}"),
                "proof.photoUrl",
                "U+D800");
        refusedCharacter(
                send(
                        "POST",
                        someDelivery + "/deliver",
                        rider(rider),
                        "{\"proof\":{\"type\":\"SIGNATURE\",\"recipientName\":\"Amina\",\"signatureUrl\":\"https://x.test/s"
                                + VERTICAL_TAB + "\"}}"),
                "proof.signatureUrl",
                "U+000B");
        refusedCharacter(
                send(
                        "POST",
                        someDelivery + "/deliver",
                        rider(rider),
                        "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"Amina\",\"pin\":\"12" + NUL + "4\"}}"),
                "proof.pin",
                "U+0000");

        refusedCharacter(
                send(
                        "POST",
                        someDelivery + "/fail",
                        rider(rider),
                        "{\"reasonCode\":\"OTHER\",\"detail\":\"gate" + VERTICAL_TAB + "\"}"),
                "detail",
                "U+000B");
        refusedCharacter(
                send("POST", someDelivery + "/fail", rider(rider), "{\"reasonCode\":\"" + NUL + "\"}"),
                "reasonCode",
                "U+0000");

        refusedCharacter(
                send(
                        "POST",
                        "/api/v1/rider/location",
                        rider(rider),
                        "{\"lat\":-1.28,\"lng\":36.82,\"timestamp\":\"2026-01-01T00:00:00Z" + NUL + "\"}"),
                "timestamp",
                "U+0000");
    }

    /**
     * A request written on a socket, body optional: the JDK client refuses to send most control
     * characters in a header, and a client in the wild need not.
     */
    private static Answer raw(String method, String path, String extraHeaders, String body) throws Exception {
        URI base = URI.create(dispatch.baseUrl);
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        String head = method + " " + path + " HTTP/1.1\r\n"
                + "Host: " + base.getHost() + ":" + base.getPort() + "\r\n"
                + "X-Admin-Token: " + DispatchUnderTest.ADMIN_TOKEN + "\r\n"
                + extraHeaders
                + "Content-Type: application/json\r\n"
                + "Content-Length: " + content.length + "\r\n"
                + "Connection: close\r\n\r\n";
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(content);
            out.flush();
            return RawAnswer.parse(socket.getInputStream());
        }
    }

    /** Just enough HTTP/1.1 response parsing for {@link #raw}: status line, headers, plain or chunked body. */
    private static final class RawAnswer {
        static Answer parse(InputStream in) throws Exception {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    all.write(buffer, 0, read);
                }
            } catch (java.net.SocketException reset) {
                // a server that refuses a request without reading its body may reset the connection after
                // its answer: what arrived before the reset is the answer
                if (all.size() == 0) {
                    throw reset;
                }
            }
            String text = all.toString(StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            String[] head = text.substring(0, end).split("\r\n");
            int status = Integer.parseInt(head[0].split(" ")[1]);
            Map<String, List<String>> headers = new HashMap<>();
            for (int i = 1; i < head.length; i++) {
                int colon = head[i].indexOf(':');
                headers.computeIfAbsent(head[i].substring(0, colon).trim().toLowerCase(), k -> new ArrayList<>())
                        .add(head[i].substring(colon + 1).trim());
            }
            String body = text.substring(end + 4);
            if (headers.getOrDefault("transfer-encoding", List.of()).contains("chunked")) {
                body = dechunk(body);
            }
            return new Answer(new FixedResponse(status, headers, body));
        }

        private static String dechunk(String chunked) {
            StringBuilder body = new StringBuilder();
            int at = 0;
            while (true) {
                int lineEnd = chunked.indexOf("\r\n", at);
                int size = Integer.parseInt(chunked.substring(at, lineEnd).trim(), 16);
                if (size == 0) {
                    return body.toString();
                }
                // sizes count bytes; the error bodies are ASCII JSON, so bytes and chars agree
                body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
                at = lineEnd + 2 + size + 2;
            }
        }
    }

    private record FixedResponse(int statusCode, Map<String, List<String>> headerMap, String body)
            implements java.net.http.HttpResponse<String> {
        public java.net.http.HttpRequest request() {
            return null;
        }

        public java.util.Optional<java.net.http.HttpResponse<String>> previousResponse() {
            return java.util.Optional.empty();
        }

        public java.net.http.HttpHeaders headers() {
            return java.net.http.HttpHeaders.of(headerMap, (name, value) -> true);
        }

        public java.util.Optional<javax.net.ssl.SSLSession> sslSession() {
            return java.util.Optional.empty();
        }

        public URI uri() {
            return URI.create(dispatch.baseUrl);
        }

        public java.net.http.HttpClient.Version version() {
            return java.net.http.HttpClient.Version.HTTP_1_1;
        }
    }
}
