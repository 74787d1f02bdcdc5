package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DashboardAccountsTest.Session;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

/**
 * Operator accounts and their roles over real HTTP (decisions.md section 16): the admin token
 * makes accounts, an account signs in at the console and its session opens the operator API as its
 * role allows, every operator route answers 403 to the roles it does not name, and the history
 * records the account that acted.
 */
class OperatorRolesTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static final String PASSWORD = "a long console password";
    private static final Set<String> D = Set.of("DISPATCHER");
    private static final Set<String> A = Set.of("AUDITOR");
    private static final Set<String> DA = Set.of("DISPATCHER", "AUDITOR");
    private static final Set<String> ADMIN_ONLY = Set.of();

    /**
     * Who besides ADMIN may call each operator route: the rule of decisions.md section 16, written
     * here a second time, so that a route whose rule changes, or a new route nobody decided on,
     * fails this test.
     */
    private static final Map<String, Set<String>> RULES = new TreeMap<>(Map.ofEntries(
            Map.entry("POST /api/v1/admin/merchants", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/api-keys", ADMIN_ONLY),
            Map.entry("DELETE /api/v1/admin/merchants/{merchantId}/api-keys/{keyId}", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/suspend", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/reactivate", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/dispatches", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/dispatches/import", ADMIN_ONLY),
            Map.entry("PUT /api/v1/admin/merchants/{merchantId}/webhook", ADMIN_ONLY),
            Map.entry("DELETE /api/v1/admin/merchants/{merchantId}/webhook", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/webhook/rotate-secret", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/webhook/test", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/merchants/{merchantId}/webhook/enable", ADMIN_ONLY),
            Map.entry("PUT /api/v1/admin/merchants/{merchantId}/integrations/shopify", ADMIN_ONLY),
            Map.entry("GET /api/v1/admin/merchants/{merchantId}/integrations/shopify", ADMIN_ONLY),
            Map.entry("PUT /api/v1/admin/zones/{zoneId}", ADMIN_ONLY),
            Map.entry("GET /api/v1/admin/zones", D),
            Map.entry("DELETE /api/v1/admin/zones/{zoneId}", ADMIN_ONLY),
            Map.entry("GET /api/v1/admin/pricing/default", ADMIN_ONLY),
            Map.entry("PUT /api/v1/admin/pricing/default", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/operators", ADMIN_ONLY),
            Map.entry("GET /api/v1/admin/operators", ADMIN_ONLY),
            Map.entry("DELETE /api/v1/admin/operators/{id}", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/riders", D),
            Map.entry("GET /api/v1/admin/riders", D),
            Map.entry("PUT /api/v1/admin/riders/{id}", D),
            Map.entry("GET /api/v1/admin/dispatch/policies", D),
            Map.entry("PUT /api/v1/admin/dispatch/policies/{zoneId}", D),
            Map.entry("GET /api/v1/admin/dispatch/queue", D),
            Map.entry("POST /api/v1/admin/dispatches/{id}/assign", D),
            Map.entry("POST /api/v1/admin/dispatches/{id}/fail", D),
            Map.entry("POST /api/v1/admin/dispatches/{id}/pin/reset", D),
            Map.entry("GET /api/v1/admin/dispatches/{id}", DA),
            Map.entry("GET /api/v1/admin/dispatches/{id}/events", DA),
            Map.entry("GET /api/v1/admin/dispatches/{id}/decisions", DA),
            Map.entry("GET /api/v1/admin/dispatch/stats", DA),
            Map.entry("GET /api/v1/admin/dispatch/engine", DA),
            Map.entry("GET /api/v1/admin/pin-guard/stats", DA),
            Map.entry("GET /api/v1/admin/webhooks/stats", DA),
            Map.entry("GET /api/v1/admin/simulator", DA),
            Map.entry("GET /api/v1/admin/dead-letters", DA),
            Map.entry("POST /api/v1/admin/dead-letters/replay", ADMIN_ONLY),
            Map.entry("GET /api/v1/admin/audit/dispatches/{id}", A),
            Map.entry("GET /api/v1/admin/projections/rebuild", A),
            Map.entry("POST /api/v1/admin/projections/rebuild", ADMIN_ONLY),
            Map.entry("POST /api/v1/admin/dispatch/decisions", ADMIN_ONLY),
            // the console's own reads and the rider's enrolment (docs/console.md)
            Map.entry(ConsoleLiveStreamTest.LIVE_STREAM_RULE, DA),
            Map.entry("GET /api/v1/admin/dispatch/queue/{id}/suggestions", D),
            Map.entry("GET /api/v1/admin/dispatch/exceptions", DA),
            Map.entry("GET /api/v1/admin/webhooks/disabled", DA),
            Map.entry("POST /api/v1/admin/riders/{id}/enrolment", D),
            // the what-if changes nothing operational (docs/adr/0052-what-if-jobs.md)
            Map.entry("POST /api/v1/admin/dispatch/whatif", DA),
            Map.entry("GET /api/v1/admin/dispatch/whatif", DA),
            Map.entry("GET /api/v1/admin/dispatch/whatif/{id}", DA)));

    private static String email(String role) {
        return role.toLowerCase() + "-" + UUID.randomUUID() + "@example.com";
    }

    /** Creates an account with the admin token and signs it in at the console. */
    static Session operator(String role) throws Exception {
        String email = email(role);
        JsonNode created = dispatch.call(
                        "POST",
                        "/api/v1/admin/operators",
                        admin(),
                        "{\"email\":\"" + email + "\",\"password\":\"" + PASSWORD + "\",\"role\":\"" + role + "\"}",
                        201)
                .data();
        assertThat(created.get("role").asText()).isEqualTo(role);
        assertThat(created.get("email").asText()).isEqualTo(email);
        assertThat(created.has("password")).isFalse();
        return signIn(email, 200);
    }

    static Session signIn(String email, int expected) throws Exception {
        Session session = new Session();
        Answer answer = dispatch.call(
                "POST",
                "/api/v1/console/signin",
                Map.of(),
                "{\"email\":\"" + email + "\",\"password\":\"" + PASSWORD + "\"}",
                expected);
        if (expected == 200) {
            session.keep(answer);
            session.csrf = answer.data().get("csrfToken").asText();
            assertThat(session.cookie).as("sign-in starts a session").isNotNull();
            assertThat(answer.header("Set-Cookie"))
                    .containsIgnoringCase("HttpOnly")
                    .contains("SameSite=Lax");
        }
        return session;
    }

    @Test
    void the_admin_token_makes_accounts_that_sign_in_with_one_message_for_every_refusal() throws Exception {
        String email = email("DISPATCHER");
        String body = "{\"email\":\"" + email + "\",\"password\":\"" + PASSWORD + "\",\"role\":\"DISPATCHER\"}";
        String id = dispatch.call("POST", "/api/v1/admin/operators", admin(), body, 201)
                .data()
                .get("id")
                .asText();
        Answer taken = dispatch.call(
                "POST", "/api/v1/admin/operators", admin(), body.replace(email, email.toUpperCase()), 409);
        assertThat(taken.error().get("code").asText()).isEqualTo("CONFLICT");
        Answer invalid = dispatch.call(
                "POST",
                "/api/v1/admin/operators",
                admin(),
                "{\"email\":\"x\",\"password\":\"short\",\"role\":\"BOSS\"}",
                422);
        assertThat(invalid.error().get("details").get("fieldErrors").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder("email", "password", "role");

        Session session = signIn(email, 200);
        JsonNode me = dispatch.call("GET", "/api/v1/console/me", session.headers(false), null, 200)
                .data();
        assertThat(me.get("operatorId").asText()).isEqualTo(id);
        assertThat(me.get("role").asText()).isEqualTo("DISPATCHER");
        assertThat(me.get("csrfToken").asText()).isNotBlank();

        String wrongPassword = dispatch.call(
                        "POST",
                        "/api/v1/console/signin",
                        Map.of(),
                        "{\"email\":\"" + email + "\",\"password\":\"not the password\"}",
                        401)
                .error()
                .get("message")
                .asText();
        String unknownEmail = dispatch.call(
                        "POST",
                        "/api/v1/console/signin",
                        Map.of(),
                        "{\"email\":\"nobody-" + UUID.randomUUID() + "@example.com\",\"password\":\"" + PASSWORD
                                + "\"}",
                        401)
                .error()
                .get("message")
                .asText();
        assertThat(wrongPassword).isEqualTo(unknownEmail);

        assertThat(dispatch.call("GET", "/api/v1/admin/operators", admin(), null, 200)
                        .data())
                .extracting(row -> row.get("id").asText())
                .contains(id);
        // ending the account ends its session at once, and it cannot sign in again
        dispatch.call("DELETE", "/api/v1/admin/operators/" + id, admin(), null, 204);
        dispatch.call("GET", "/api/v1/console/me", session.headers(false), null, 401);
        signIn(email, 401);
        dispatch.call("DELETE", "/api/v1/admin/operators/" + id, admin(), null, 404);
    }

    @Test
    void every_operator_route_answers_403_to_the_roles_it_does_not_name() throws Exception {
        Map<String, Session> sessions = Map.of("DISPATCHER", operator("DISPATCHER"), "AUDITOR", operator("AUDITOR"));
        Set<String> mapped = new TreeSet<>();
        for (RequestMappingHandlerMapping mapping :
                dispatch.beans(RequestMappingHandlerMapping.class).values()) {
            mapping.getHandlerMethods()
                    .keySet()
                    .forEach(info -> info.getPatternsCondition().getPatterns().stream()
                            .map(pattern -> pattern.getPatternString())
                            .filter(pattern -> pattern.startsWith("/api/v1/admin/"))
                            .forEach(pattern -> info.getMethodsCondition().getMethods().stream()
                                    .map(RequestMethod::name)
                                    .forEach(method -> mapped.add(method + " " + pattern))));
        }
        assertThat(mapped).as("every operator route has a rule here").isEqualTo(RULES.keySet());

        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Set<String>> rule : RULES.entrySet()) {
            String method = rule.getKey().substring(0, rule.getKey().indexOf(' '));
            String path = rule.getKey()
                    .substring(method.length() + 1)
                    .replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
            for (Map.Entry<String, Session> role : sessions.entrySet()) {
                boolean allowed = rule.getValue().contains(role.getKey());
                if (rule.getKey().equals(ConsoleLiveStreamTest.LIVE_STREAM_RULE)) {
                    // a stream never ends: its status is read, then it is closed
                    int status =
                            ConsoleLiveStreamTest.streamStatus(role.getValue().headers(false));
                    if (allowed != (status == 200)) {
                        wrong.add(role.getKey() + " " + rule.getKey() + " answered " + status);
                    }
                    continue;
                }
                Answer answer = dispatch.send(
                        method,
                        path,
                        role.getValue().headers(true),
                        method.equals("GET") || method.equals("DELETE") ? null : "{}",
                        "application/json");
                boolean refused = answer.status() == 403
                        && "FORBIDDEN".equals(answer.error().get("code").asText());
                if (allowed == refused) {
                    wrong.add(role.getKey() + " " + rule.getKey() + " answered " + answer.status());
                }
            }
        }
        assertThat(wrong)
                .as("routes whose answer does not follow the role rule")
                .isEmpty();
    }

    @Test
    void the_history_names_the_account_that_assigned_and_an_auditor_reads_but_cannot_assign() throws Exception {
        Session dispatcher = operator("DISPATCHER");
        Session auditor = operator("AUDITOR");
        String dispatcherId = dispatch.call("GET", "/api/v1/console/me", dispatcher.headers(false), null, 200)
                .data()
                .get("operatorId")
                .asText();
        var merchant = dispatch.newMerchant("Roles merchant");
        var rider = dispatch.newRider("Roles rider");
        String id = dispatch.createDelivery(merchant, DispatchUnderTest.ORDER);

        Answer refused = dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                auditor.headers(true),
                "{\"riderId\":\"" + rider.id() + "\"}",
                403);
        assertThat(refused.error().get("code").asText()).isEqualTo("FORBIDDEN");
        // without the session's CSRF token a state-changing call is refused, whatever the role
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                dispatcher.headers(false),
                "{\"riderId\":\"" + rider.id() + "\"}",
                403);
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                dispatcher.headers(true),
                "{\"riderId\":\"" + rider.id() + "\"}",
                200);

        JsonNode assigned = null;
        for (JsonNode event : dispatch.call(
                        "GET", "/api/v1/admin/dispatches/" + id + "/events", auditor.headers(false), null, 200)
                .data()) {
            if ("ASSIGNED".equals(event.path("status").asText())) {
                assigned = event;
            }
        }
        assertThat(assigned).as("the ASSIGNED entry of the history").isNotNull();
        assertThat(assigned.toString()).contains(dispatcherId);
        dispatch.call("GET", "/api/v1/admin/dispatches/" + id + "/decisions", auditor.headers(false), null, 200);
    }
}
