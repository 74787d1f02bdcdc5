package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Proof photos and signatures through the whole service (decisions.md §16, issue 35): the rider
 * who holds a delivery uploads the image, delivers with its URL, and the delivery's merchant and
 * operators read the same bytes back; nobody else does, and the bounds hold.
 */
class ProofMediaTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static final String MEDIA_URL = ".*/api/v1/proof-media/[A-Za-z0-9_-]{24}";
    private static Merchant owner;
    private static Merchant other;
    private static byte[] photo;
    private static byte[] signature;

    @BeforeAll
    static void merchantsAndImages() throws Exception {
        owner = dispatch.newMerchant("Proof Owner " + UUID.randomUUID());
        other = dispatch.newMerchant("Proof Other " + UUID.randomUUID());
        photo = image("jpg", 800, 600);
        signature = image("png", 600, 200);
    }

    @Test
    void the_rider_uploads_a_photo_delivers_with_it_and_the_merchant_and_operators_read_the_same_bytes()
            throws Exception {
        Rider rider = dispatch.newRider("Proof Rider");
        String id = underWay(rider);

        JsonNode uploaded = upload(rider, id, photo, "image/jpeg", 201);
        String url = uploaded.at("/data/url").asText();
        assertThat(url).matches(MEDIA_URL);
        String path = URI.create(url).getPath();

        JsonNode delivered = dispatch.call(
                        "POST",
                        "/api/v1/rider/dispatches/" + id + "/deliver",
                        rider(rider),
                        "{\"proof\":{\"type\":\"PHOTO\",\"recipientName\":\"Amina Njeri\",\"photoUrl\":\"" + url
                                + "\"}}",
                        200)
                .data();
        assertThat(delivered.get("status").asText()).isEqualTo("DELIVERED");
        JsonNode seen = dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(owner.apiKey()), null, 200)
                .data();
        assertThat(seen.at("/proofOfDelivery/type").asText()).isEqualTo("PHOTO");
        assertThat(seen.at("/proofOfDelivery/photoUrl").asText()).isEqualTo(url);

        HttpResponse<byte[]> byOperator = read(path, admin());
        assertThat(byOperator.statusCode()).isEqualTo(200);
        assertThat(byOperator.body()).isEqualTo(photo);
        assertServedAsAnImage(byOperator, "image/jpeg");

        HttpResponse<byte[]> byMerchant = read(path, Map.of("X-API-Key", owner.apiKey()));
        assertThat(byMerchant.statusCode()).as(text(byMerchant)).isEqualTo(200);
        assertThat(byMerchant.body()).isEqualTo(photo);
        assertServedAsAnImage(byMerchant, "image/jpeg");

        HttpResponse<byte[]> byOther = read(path, Map.of("X-API-Key", other.apiKey()));
        assertThat(byOther.statusCode()).as("as if it did not exist").isEqualTo(404);
        assertError(byOther, "NOT_FOUND");
        assertThat(text(byOther)).doesNotContain(id);
        HttpResponse<byte[]> unknown =
                read("/api/v1/proof-media/AAAAAAAAAAAAAAAAAAAAAAAA", Map.of("X-API-Key", owner.apiKey()));
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(text(unknown)).isEqualTo(text(byOther).replace(requestId(byOther), requestId(unknown)));

        HttpResponse<byte[]> byRider = read(path, rider(rider));
        assertThat(byRider.statusCode()).as("a rider token is refused").isIn(401, 403);
        assertThat(byRider.body()).isNotEqualTo(photo);
        HttpResponse<byte[]> anonymous = read(path, Map.of());
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertError(anonymous, "UNAUTHORIZED");
        HttpResponse<byte[]> writeOnly = read(path, Map.of("X-API-Key", dispatch.newKey(owner.id(), "write")));
        assertThat(writeOnly.statusCode()).as("a key without the read scope").isEqualTo(403);
        assertError(writeOnly, "FORBIDDEN");
    }

    @Test
    void the_merchants_dashboard_session_and_an_operators_console_session_read_it_too() throws Exception {
        DashboardAccountsTest.Session dashboard =
                DashboardAccountsTest.signUp("proof-" + UUID.randomUUID() + "@example.com", "a long enough password");
        Map<String, String> write = dashboard.headers(true);
        String id = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        write,
                        DispatchUnderTest.ORDER.formatted("pm-" + UUID.randomUUID()),
                        201)
                .data()
                .get("id")
                .asText();
        // a signed-up merchant starts in the sandbox: its deliveries are for sandbox riders
        Rider rider = dispatch.newSandboxRider("Proof Sandbox Rider");
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                admin(),
                "{\"riderId\":\"" + rider.id() + "\"}",
                200);
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(rider), null, 200);
        String path = URI.create(upload(rider, id, photo, "image/jpeg", 201)
                        .at("/data/url")
                        .asText())
                .getPath();

        HttpResponse<byte[]> bySession = read(path, dashboard.headers(false));
        assertThat(bySession.statusCode()).as(text(bySession)).isEqualTo(200);
        assertThat(bySession.body()).isEqualTo(photo);
        assertServedAsAnImage(bySession, "image/jpeg");
        assertThat(read(path, Map.of("X-API-Key", owner.apiKey())).statusCode())
                .as("another merchant's key")
                .isEqualTo(404);

        for (String role : List.of("AUDITOR", "DISPATCHER", "ADMIN")) {
            HttpResponse<byte[]> byConsole =
                    read(path, OperatorRolesTest.operator(role).headers(false));
            assertThat(byConsole.statusCode()).as(role + ": " + text(byConsole)).isEqualTo(200);
            assertThat(byConsole.body()).isEqualTo(photo);
        }
    }

    @Test
    void a_signature_is_a_png_and_is_served_as_one() throws Exception {
        Rider rider = dispatch.newRider("Proof Signer");
        String id = underWay(rider);

        String url =
                upload(rider, id, signature, "image/png", 201).at("/data/url").asText();
        dispatch.call(
                "POST",
                "/api/v1/rider/dispatches/" + id + "/deliver",
                rider(rider),
                "{\"proof\":{\"type\":\"SIGNATURE\",\"recipientName\":\"Amina Njeri\",\"signatureUrl\":\"" + url
                        + "\"}}",
                200);

        HttpResponse<byte[]> read = read(URI.create(url).getPath(), admin());
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).isEqualTo(signature);
        assertServedAsAnImage(read, "image/png");
    }

    @Test
    void only_the_holding_rider_uploads_and_only_while_the_delivery_is_under_way() throws Exception {
        Rider holder = dispatch.newRider("Proof Holder");
        Rider stranger = dispatch.newRider("Proof Stranger");
        String fresh = dispatch.createDelivery(owner, DispatchUnderTest.ORDER.formatted("pm-" + UUID.randomUUID()));
        assertError(upload(holder, fresh, photo, "image/jpeg", 403), "FORBIDDEN");

        String id = underWay(holder);
        assertError(upload(stranger, id, photo, "image/jpeg", 403), "FORBIDDEN");
        assertError(upload(holder, UUID.randomUUID().toString(), photo, "image/jpeg", 404), "NOT_FOUND");
        assertError(upload(holder, "not-a-uuid", photo, "image/jpeg", 404), "NOT_FOUND");

        dispatch.deliverWithPin(holder, id, "Amina Njeri", pin(id), 200);
        JsonNode ended = upload(holder, id, photo, "image/jpeg", 409);
        assertError(ended, "CONFLICT");
        assertThat(ended.at("/error/details/currentStatus").asText()).isEqualTo("DELIVERED");
    }

    @Test
    void what_is_not_the_image_it_claims_is_422_another_type_415_and_more_than_5_MiB_413() throws Exception {
        Rider rider = dispatch.newRider("Proof Checker");
        String id = underWay(rider);

        JsonNode notAnImage =
                upload(rider, id, "<html>hello</html>".getBytes(StandardCharsets.UTF_8), "image/jpeg", 422);
        assertError(notAnImage, "VALIDATION_ERROR");
        assertThat(notAnImage.at("/error/details/fieldErrors/body/0").asText()).contains("not a JPEG or PNG");
        JsonNode renamed = upload(rider, id, signature, "image/jpeg", 422);
        assertThat(renamed.at("/error/details/fieldErrors/body/0").asText()).contains("is a PNG image");
        JsonNode truncated = upload(rider, id, Arrays.copyOf(photo, photo.length / 2), "image/jpeg", 422);
        assertThat(truncated.at("/error/details/fieldErrors/body/0").asText()).contains("not a complete JPEG");
        assertError(upload(rider, id, new byte[0], "image/png", 422), "VALIDATION_ERROR");

        JsonNode text = upload(rider, id, photo, "text/plain", 415);
        assertError(text, "VALIDATION_ERROR");
        assertThat(text.at("/error/message").asText()).contains("image/jpeg or image/png");
        assertError(upload(rider, id, photo, null, 415), "VALIDATION_ERROR");
        // an image body is exempt from the UTF-8 check of text bodies on this route only: elsewhere it is 415
        assertThat(dispatch.sendBytes(
                                "POST",
                                "/api/v1/rider/dispatches/" + id + "/deliver",
                                rider(rider),
                                photo,
                                "image/jpeg")
                        .statusCode())
                .isEqualTo(415);

        byte[] tooLarge = Arrays.copyOf(photo, 5 * 1024 * 1024 + 1);
        JsonNode declared = upload(rider, id, tooLarge, "image/jpeg", 413);
        assertThat(declared.at("/error/details/fieldErrors/body/0").asText()).contains("5 MiB");
        HttpResponse<String> streamed = dispatch.sendStream(
                "/api/v1/rider/dispatches/" + id + "/proof-media",
                rider(rider),
                new ByteArrayInputStream(tooLarge),
                "image/jpeg");
        assertThat(streamed.statusCode())
                .as("a body without Content-Length, cut at 5 MiB")
                .isEqualTo(413);

        assertThat(upload(rider, id, photo, "image/jpeg; charset=binary", 201)
                        .at("/data/url")
                        .asText())
                .matches(MEDIA_URL);
    }

    @Test
    void a_delivery_holds_at_most_5_media_and_the_6th_is_refused() throws Exception {
        Rider rider = dispatch.newRider("Proof Counter");
        String id = underWay(rider);

        for (int i = 0; i < 5; i++) {
            upload(rider, id, i % 2 == 0 ? photo : signature, i % 2 == 0 ? "image/jpeg" : "image/png", 201);
        }
        JsonNode sixth = upload(rider, id, photo, "image/jpeg", 409);
        assertError(sixth, "CONFLICT");
        assertThat(sixth.at("/error/message").asText()).contains("5 proof media");
        assertThat(sixth.at("/error/details/maxPerDelivery").asInt()).isEqualTo(5);
    }

    @Test
    void uploads_racing_for_the_last_slots_store_5_and_refuse_the_rest() throws Exception {
        Rider rider = dispatch.newRider("Proof Racer");
        String id = underWay(rider);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> racing = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                racing.add(pool.submit(() -> dispatch.sendBytes(
                                "POST",
                                "/api/v1/rider/dispatches/" + id + "/proof-media",
                                rider(rider),
                                photo,
                                "image/jpeg")
                        .statusCode()));
            }
            List<Integer> statuses = new ArrayList<>();
            for (var answer : racing) {
                statuses.add(answer.get());
            }
            assertThat(statuses)
                    .as("8 at once: 5 stored, the rest 409 (or 503 when the instance is busy)")
                    .filteredOn(status -> status == 201)
                    .hasSize(5);
            assertThat(statuses).allMatch(status -> status == 201 || status == 409 || status == 503);
        } finally {
            pool.shutdownNow();
        }
        assertThat(upload(rider, id, photo, "image/jpeg", 409)
                        .at("/error/details/maxPerDelivery")
                        .asInt())
                .isEqualTo(5);
    }

    /** A new delivery of the owner, assigned to the rider by an operator, collected and on its way. */
    private static String underWay(Rider rider) throws Exception {
        String id = dispatch.createDelivery(owner, DispatchUnderTest.ORDER.formatted("pm-" + UUID.randomUUID()));
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                admin(),
                "{\"riderId\":\"" + rider.id() + "\"}",
                200);
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(rider), null, 200);
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/depart", rider(rider), null, 200);
        return id;
    }

    private static String pin(String id) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(owner.apiKey()), null, 200)
                .data()
                .get("deliveryPin")
                .asText();
    }

    private static JsonNode upload(Rider rider, String id, byte[] body, String contentType, int expected)
            throws Exception {
        HttpResponse<byte[]> answer = dispatch.sendBytes(
                "POST", "/api/v1/rider/dispatches/" + id + "/proof-media", rider(rider), body, contentType);
        assertThat(answer.statusCode()).as(text(answer)).isEqualTo(expected);
        assertThat(answer.headers().firstValue("X-Request-Id")).isPresent();
        JsonNode json = DispatchUnderTest.JSON.readTree(answer.body());
        if (expected == 201) {
            assertThat(json.get("success").asBoolean()).isTrue();
            assertThat(answer.headers().firstValue("Location"))
                    .contains(json.at("/data/url").asText());
        }
        return json;
    }

    private static HttpResponse<byte[]> read(String path, Map<String, String> headers) throws Exception {
        return dispatch.sendBytes("GET", path, headers, null, null);
    }

    private static void assertServedAsAnImage(HttpResponse<byte[]> answer, String type) {
        assertThat(answer.headers().firstValue("Content-Type")).contains(type);
        assertThat(answer.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(answer.headers().firstValue("Content-Security-Policy")).contains("default-src 'none'");
        assertThat(answer.headers().firstValue("Content-Disposition"))
                .hasValueSatisfying(d -> assertThat(d).startsWith("inline"));
        assertThat(answer.headers().firstValue("Cache-Control"))
                .hasValueSatisfying(c -> assertThat(c).contains("private").contains("max-age="));
        assertThat(answer.headers().firstValue("X-Request-Id")).isPresent();
    }

    private static void assertError(HttpResponse<byte[]> answer, String code) throws Exception {
        assertError(DispatchUnderTest.JSON.readTree(answer.body()), code);
    }

    private static void assertError(JsonNode answer, String code) {
        assertThat(answer.get("success").asBoolean()).isFalse();
        assertThat(answer.at("/error/code").asText()).isEqualTo(code);
        assertThat(answer.at("/error/requestId").asText()).isNotBlank();
    }

    private static String requestId(HttpResponse<byte[]> answer) throws Exception {
        return DispatchUnderTest.JSON
                .readTree(answer.body())
                .at("/error/requestId")
                .asText();
    }

    private static String text(HttpResponse<byte[]> answer) {
        return new String(answer.body(), StandardCharsets.UTF_8);
    }

    /** A picture made here, so the test needs no fixture file. */
    private static byte[] image(String format, int width, int height) throws Exception {
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = picture.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.DARK_GRAY);
        g.drawString("Delivered " + UUID.randomUUID(), 20, height / 2);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(ImageIO.write(picture, format, out)).isTrue();
        return out.toByteArray();
    }
}
