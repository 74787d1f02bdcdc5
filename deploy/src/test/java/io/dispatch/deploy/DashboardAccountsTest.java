package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Dashboard accounts over real HTTP (decisions.md section 10): signup and sign-in start a session
 * cookie kept in PostgreSQL; a session acts as its merchant on the merchant API and on the
 * dashboard's own routes, and every state-changing call of a session needs its CSRF token.
 */
class DashboardAccountsTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    /** A browser's cookie jar of one: the session cookie, and the CSRF token /me gave. */
    static final class Session {
        String cookie;
        String csrf;

        /** The cookie (and the token), with a fresh Idempotency-Key as the dashboard's pages send. */
        Map<String, String> headers(boolean withCsrf) {
            Map<String, String> headers = new HashMap<>();
            headers.put("Idempotency-Key", UUID.randomUUID().toString());
            if (cookie != null) {
                headers.put("Cookie", cookie);
            }
            if (withCsrf && csrf != null) {
                headers.put("X-CSRF-TOKEN", csrf);
            }
            return headers;
        }

        void keep(DispatchUnderTest.Answer answer) {
            answer.response().headers().allValues("Set-Cookie").stream()
                    .filter(c -> c.startsWith("DISPATCH_SESSION="))
                    .findFirst()
                    .ifPresent(c -> cookie = c.substring(0, c.indexOf(';')));
        }
    }

    static Session signUp(String email, String password) throws Exception {
        Session session = new Session();
        DispatchUnderTest.Answer created = dispatch.call(
                "POST",
                "/api/v1/auth/signup",
                Map.of(),
                "{\"email\":\"" + email + "\",\"password\":\"" + password + "\",\"businessName\":\"Duka " + email
                        + "\"}",
                201);
        session.keep(created);
        assertThat(session.cookie).as("signup starts a session").isNotNull();
        refreshCsrf(session);
        return session;
    }

    /** The first token of a session renews the session's id (Spring Security's fixation rule): keep the cookie. */
    static void refreshCsrf(Session session) throws Exception {
        DispatchUnderTest.Answer me = dispatch.call("GET", "/api/v1/dashboard/me", session.headers(false), null, 200);
        session.keep(me);
        session.csrf = me.data().get("csrfToken").asText();
    }

    private static String email() {
        return "owner-" + UUID.randomUUID() + "@example.com";
    }

    @Test
    void a_signup_gives_a_session_cookie_with_the_flags_the_contract_names_and_a_merchant_of_its_own()
            throws Exception {
        String email = email();
        DispatchUnderTest.Answer created = dispatch.call(
                "POST",
                "/api/v1/auth/signup",
                Map.of(),
                "{\"email\":\"" + email + "\",\"password\":\"correct horse battery\",\"businessName\":\"Mama Mboga\"}",
                201);
        assertThat(created.data().get("email").asText()).isEqualTo(email);
        assertThat(created.data().get("merchantId").asText()).isNotBlank();
        String cookie = created.response().headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("DISPATCH_SESSION="))
                .findFirst()
                .orElseThrow();
        assertThat(cookie)
                .containsIgnoringCase("HttpOnly")
                .contains("SameSite=Lax")
                .contains("Path=/");
        assertThat(cookie)
                .as("the local run is plain HTTP: no Secure flag there")
                .doesNotContain("Secure");

        Session session = new Session();
        session.keep(created);
        JsonNode me = dispatch.call("GET", "/api/v1/dashboard/me", session.headers(false), null, 200)
                .data();
        assertThat(me.get("merchantId").asText())
                .isEqualTo(created.data().get("merchantId").asText());
        assertThat(me.get("businessName").asText()).isEqualTo("Mama Mboga");
        assertThat(me.get("csrfToken").asText()).isNotBlank();

        assertThat(dispatch.call(
                                "POST",
                                "/api/v1/auth/signup",
                                Map.of(),
                                "{\"email\":\"" + email.toUpperCase()
                                        + "\",\"password\":\"another long one\",\"businessName\":\"Again\"}",
                                409)
                        .error()
                        .get("code")
                        .asText())
                .isEqualTo("CONFLICT");
    }

    @Test
    void signup_names_each_bad_field_and_makes_nothing() throws Exception {
        JsonNode errors = dispatch.call(
                        "POST",
                        "/api/v1/auth/signup",
                        Map.of(),
                        "{\"email\":\"not-an-email\",\"password\":\"short\",\"businessName\":\"\"}",
                        422)
                .error()
                .get("details")
                .get("fieldErrors");
        assertThat(errors.has("email")).isTrue();
        assertThat(errors.get("password").get(0).asText()).contains("12");
        assertThat(errors.has("businessName")).isTrue();
        assertThat(dispatch.call(
                                "POST",
                                "/api/v1/auth/signup",
                                Map.of(),
                                "{\"email\":\"a\\u0000b@example.com\",\"password\":\"long enough password\",\"businessName\":\"Nul\"}",
                                422)
                        .error()
                        .get("details")
                        .get("fieldErrors")
                        .has("email"))
                .isTrue();
    }

    @Test
    void a_wrong_password_and_an_unknown_email_get_the_same_401() throws Exception {
        String email = email();
        signUp(email, "the right password");
        var refusals = dispatch.bean(io.micrometer.core.instrument.MeterRegistry.class)
                .counter("dispatch.dashboard.signins", "outcome", "refused");
        double before = refusals.count();
        JsonNode wrongPassword = dispatch.call(
                        "POST",
                        "/api/v1/auth/signin",
                        Map.of(),
                        "{\"email\":\"" + email + "\",\"password\":\"not the right one\"}",
                        401)
                .error();
        JsonNode unknownEmail = dispatch.call(
                        "POST",
                        "/api/v1/auth/signin",
                        Map.of(),
                        "{\"email\":\"" + email() + "\",\"password\":\"not the right one\"}",
                        401)
                .error();
        assertThat(wrongPassword.get("message").asText())
                .isEqualTo(unknownEmail.get("message").asText());
        assertThat(wrongPassword.get("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(refusals.count() - before)
                .as("dispatch.dashboard.signins{outcome=refused}")
                .isEqualTo(2);

        DispatchUnderTest.Answer signedIn = dispatch.call(
                "POST",
                "/api/v1/auth/signin",
                Map.of(),
                "{\"email\":\"" + email.toUpperCase() + "\",\"password\":\"the right password\"}",
                200);
        Session session = new Session();
        session.keep(signedIn);
        dispatch.call("GET", "/api/v1/dashboard/me", session.headers(false), null, 200);
    }

    @Test
    void a_session_acts_as_its_merchant_and_needs_its_csrf_token_to_change_anything() throws Exception {
        Session session = signUp(email(), "a long enough password");
        String order = """
        {"customerName":"Achieng","customerPhone":"+254 711 000 001","externalId":"dash-1",
         "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
         "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID","amountCents":1500}""";
        Map<String, String> noToken = session.headers(false);
        assertThat(dispatch.call("POST", "/api/v1/external/dispatches", noToken, order, 403)
                        .error()
                        .get("message")
                        .asText())
                .contains("CSRF");
        Map<String, String> forged = new HashMap<>(noToken);
        forged.put("X-CSRF-TOKEN", "forged");
        dispatch.call("POST", "/api/v1/external/dispatches", forged, order, 403);

        String id = dispatch.call("POST", "/api/v1/external/dispatches", session.headers(true), order, 201)
                .data()
                .get("id")
                .asText();
        assertThat(dispatch.call("GET", "/api/v1/external/dispatches/" + id, session.headers(false), null, 200)
                        .data()
                        .get("externalId")
                        .asText())
                .isEqualTo("dash-1");

        Session stranger = signUp(email(), "another long password");
        dispatch.call("GET", "/api/v1/external/dispatches/" + id, stranger.headers(false), null, 404);
    }

    @Test
    void keys_are_made_and_revoked_from_a_session_only_and_the_key_works_at_once() throws Exception {
        Session session = signUp(email(), "a long enough password");
        dispatch.call("POST", "/api/v1/dashboard/api-keys", session.headers(false), "{\"scopes\":[\"read\"]}", 403);
        JsonNode key = dispatch.call(
                        "POST", "/api/v1/dashboard/api-keys", session.headers(true), "{\"scopes\":[\"read\"]}", 201)
                .data();
        String apiKey = key.get("apiKey").asText();
        assertThat(key.get("scopes")).hasSize(1);
        dispatch.call("POST", "/api/v1/external/webhooks/test", Map.of("X-API-Key", apiKey), null, 403);
        dispatch.call("GET", "/api/v1/external/dispatches", DispatchUnderTest.merchant(apiKey), null, 200);

        assertThat(dispatch.call("GET", "/api/v1/dashboard/api-keys", Map.of("X-API-Key", apiKey), null, 401)
                        .error()
                        .get("message")
                        .asText())
                .as("a key cannot manage keys")
                .contains("session");
        JsonNode list = dispatch.call("GET", "/api/v1/dashboard/api-keys", session.headers(false), null, 200)
                .data();
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("keyId").asText()).isEqualTo(key.get("keyId").asText());
        assertThat(list.get(0).has("apiKey")).as("the key is shown once").isFalse();

        dispatch.call(
                "DELETE", "/api/v1/dashboard/api-keys/" + key.get("keyId").asText(), session.headers(true), null, 204);
        org.awaitility.Awaitility.await()
                .atMost(java.time.Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(dispatch.send(
                                        "GET",
                                        "/api/v1/external/dispatches",
                                        DispatchUnderTest.merchant(apiKey),
                                        null,
                                        null)
                                .status())
                        .isEqualTo(401));
    }

    @Test
    void a_merchant_holds_at_most_ten_active_keys_however_they_are_made_even_all_at_once() throws Exception {
        Session session = signUp(email(), "a long enough password");
        String merchantId = dispatch.call("GET", "/api/v1/dashboard/me", session.headers(false), null, 200)
                .data()
                .get("merchantId")
                .asText();
        String operatorRoute = "/api/v1/admin/merchants/" + merchantId + "/api-keys";
        List<Callable<DispatchUnderTest.Answer>> together = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            together.add(
                    () -> dispatch.send("POST", operatorRoute, DispatchUnderTest.admin(), "{}", "application/json"));
        }
        List<Integer> statuses = new ArrayList<>();
        DispatchUnderTest.Answer refused = null;
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Future<DispatchUnderTest.Answer> answer : clients.invokeAll(together)) {
                statuses.add(answer.get().status());
                if (answer.get().status() == 422) {
                    refused = answer.get();
                }
            }
        }
        assertThat(statuses).as("16 at once: ten made, six refused").containsOnly(201, 422);
        assertThat(statuses.stream().filter(status -> status == 201)).hasSize(10);
        assertThat(refused.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(refused.error().at("/details/fieldErrors/scopes/0").asText()).contains("at most 10");
        assertThat(refused.error().get("message").asText()).contains("10");
        assertThat(dispatch.call("GET", "/api/v1/dashboard/api-keys", session.headers(false), null, 200)
                        .data())
                .hasSize(10);

        JsonNode fromDashboard = dispatch.call(
                        "POST", "/api/v1/dashboard/api-keys", session.headers(true), "{\"scopes\":[\"read\"]}", 422)
                .error();
        assertThat(fromDashboard.at("/details/fieldErrors/scopes/0").asText()).contains("at most 10");

        String oldest = dispatch.call("GET", "/api/v1/dashboard/api-keys", session.headers(false), null, 200)
                .data()
                .get(9)
                .get("keyId")
                .asText();
        dispatch.call("DELETE", "/api/v1/dashboard/api-keys/" + oldest, session.headers(true), null, 204);
        dispatch.call("POST", "/api/v1/dashboard/api-keys", session.headers(true), "{}", 201);
        dispatch.call("POST", operatorRoute, DispatchUnderTest.admin(), "{}", 422);
    }

    @Test
    void sign_out_needs_the_token_and_ends_the_session_everywhere() throws Exception {
        Session session = signUp(email(), "a long enough password");
        dispatch.call("POST", "/api/v1/auth/signout", session.headers(false), null, 403);
        dispatch.call("GET", "/api/v1/dashboard/me", session.headers(false), null, 200);
        dispatch.call("POST", "/api/v1/auth/signout", session.headers(true), null, 204);
        dispatch.call("GET", "/api/v1/dashboard/me", session.headers(false), null, 401);
        dispatch.call("GET", "/api/v1/external/dispatches", session.headers(false), null, 401);
    }

    @Test
    void the_webhook_url_is_set_from_a_session_with_the_secret_shown_once() throws Exception {
        Session session = signUp(email(), "a long enough password");
        JsonNode first = dispatch.call(
                        "PUT",
                        "/api/v1/dashboard/webhook",
                        session.headers(true),
                        "{\"url\":\"http://127.0.0.1:9/hooks\"}",
                        200)
                .data();
        assertThat(first.get("signingSecret").asText()).startsWith("whsec_");
        assertThat(dispatch.call(
                                "PUT",
                                "/api/v1/dashboard/webhook",
                                session.headers(true),
                                "{\"url\":\"http://127.0.0.1:9/hooks\"}",
                                200)
                        .data()
                        .get("signingSecret")
                        .isNull())
                .isTrue();
        assertThat(dispatch.call("GET", "/api/v1/external/webhooks", session.headers(false), null, 200)
                        .data()
                        .get("url")
                        .asText())
                .isEqualTo("http://127.0.0.1:9/hooks");
        dispatch.call("PUT", "/api/v1/dashboard/webhook", session.headers(true), "{\"url\":\"not a url\"}", 422);
    }

    @Test
    void a_session_connects_its_own_shopify_store_and_sees_it() throws Exception {
        Session session = signUp(email(), "a long enough password");
        String merchantId = dispatch.call("GET", "/api/v1/dashboard/me", session.headers(false), null, 200)
                .data()
                .get("merchantId")
                .asText();
        dispatch.call("GET", "/api/v1/dashboard/integrations/shopify", session.headers(false), null, 404);
        String body = """
        {"shopDomain":"dash-shop.myshopify.com","webhookSecret":"shpss_dashboard","pickup":{"address":"Moi Avenue 1"}}""";
        dispatch.call("PUT", "/api/v1/dashboard/integrations/shopify", session.headers(false), body, 403);
        JsonNode connected = dispatch.call(
                        "PUT", "/api/v1/dashboard/integrations/shopify", session.headers(true), body, 200)
                .data();
        assertThat(connected.get("receiveUrl").asText())
                .endsWith("/api/v1/integrations/shopify/" + merchantId + "/orders");
        JsonNode read = dispatch.call(
                        "GET", "/api/v1/dashboard/integrations/shopify", session.headers(false), null, 200)
                .data();
        assertThat(read.get("shopDomain").asText()).isEqualTo("dash-shop.myshopify.com");
        assertThat(read.toString()).doesNotContain("shpss_dashboard");
    }
}
