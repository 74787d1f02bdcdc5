package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.RiderPrincipal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.result.method.RequestMappingInfo;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The one security chain against the whole running service: the walk-arounds that used to reach
 * the controllers (a percent-encoded letter, {@code ;x=1}, ...) for every route family, and a
 * walk over every mapped route proving each one has a rule and a handler that demands its
 * principal. Each walk-around's answer is checked to the message, so the test tells the firewall
 * (400), the chain (401 naming the header) and a handler's own fail-closed check apart.
 */
class SecurityChainTest {

    private static final String CANONICAL = "The request is not in canonical form";
    private static final String NO_ADMIN = "Missing or wrong X-Admin-Token";
    private static final String NO_KEY = "Missing, malformed, revoked or suspended API key";
    private static final String NO_SESSION = "Sign in first: this route needs a dashboard session";
    private static final String NO_RIDER = "Missing or unknown rider token (X-Rider-Token)";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    /** A walk-around of one canonical route: how the path or request is bent, what must answer. */
    private record Probe(String how, String method, String path, String body, int status, String message) {}

    @Test
    void the_walk_arounds_of_the_operator_api_create_no_merchant_and_repoint_no_webhook() throws Exception {
        Merchant victim = dispatch.newMerchant("Victim");
        String hook = "http://127.0.0.1:9/victim-" + UUID.randomUUID();
        dispatch.registerWebhook(victim.id(), hook);
        String probeName = "Probe " + UUID.randomUUID();
        String merchantBody = "{\"name\":\"" + probeName + "\"}";
        String hookBody = "{\"url\":\"https://attacker.example/hook\"}";

        List<Probe> probes = new ArrayList<>();
        probes.addAll(walkArounds("POST", "/api/v1/admin/merchants", merchantBody, NO_ADMIN, 401));
        probes.addAll(
                walkArounds("PUT", "/api/v1/admin/merchants/" + victim.id() + "/webhook", hookBody, NO_ADMIN, 401));
        assertAnswers(probes);

        // nothing of it reached a controller: no merchant by that name, the webhook still the victim's
        assertThat(dispatch.bean(org.springframework.jdbc.core.JdbcTemplate.class)
                        .queryForObject(
                                "select count(*) from identity.merchants where name = ?", Integer.class, probeName))
                .isZero();
        assertThat(dispatch.bean(org.springframework.jdbc.core.JdbcTemplate.class)
                        .queryForObject(
                                "select url from webhook.endpoints where merchant_id = ?::uuid",
                                String.class,
                                victim.id()))
                .isEqualTo(hook);
        // and the canonical request with the token still works: the test can tell a fix from a wall
        dispatch.call("POST", "/api/v1/admin/merchants", admin(), merchantBody, 201);
    }

    @Test
    void the_walk_arounds_of_the_merchant_api_answer_400_or_401_and_never_a_quote() throws Exception {
        String quote =
                "/api/v1/external/quotes?pickup_lat=-1.2841&pickup_lng=36.8219&dropoff_lat=-1.3001&dropoff_lng=36.7833";
        List<Probe> probes = new ArrayList<>();
        probes.addAll(walkArounds("POST", "/api/v1/external/ping", null, NO_KEY, 401));
        probes.addAll(walkArounds("GET", "/api/v1/external/dispatches", null, NO_KEY, 401));
        probes.addAll(walkArounds("GET", quote, null, NO_KEY, 401));
        assertAnswers(probes);

        Merchant m = dispatch.newMerchant("Walk-around merchant");
        assertThat(dispatch.call("GET", quote, merchant(m.apiKey()), null, 200)
                        .data()
                        .get("fee_cents")
                        .asLong())
                .isPositive();
    }

    @Test
    void the_walk_arounds_of_the_rider_api_answer_400_or_401() throws Exception {
        assertAnswers(walkArounds("GET", "/api/v1/rider/offers", null, NO_RIDER, 401));
        assertAnswers(walkArounds("GET", "/api/v1/rider/route", null, NO_RIDER, 401));
        Rider rider = dispatch.newRider("Walk-around rider");
        dispatch.call("GET", "/api/v1/rider/offers", DispatchUnderTest.rider(rider), null, 200);
        dispatch.call("GET", "/api/v1/rider/route", DispatchUnderTest.rider(rider), null, 200);
    }

    @Test
    void the_walk_arounds_of_tracking_and_of_unnamed_paths_answer_400_401_or_404() throws Exception {
        String token = "/api/v1/track/" + "A".repeat(24);
        List<Probe> probes = new ArrayList<>();
        for (Probe probe : walkArounds("GET", token, null, NO_ADMIN, 401)) {
            // tracking is public: a trailing slash is simply no route; the mixed-case path is no public route
            probes.add(
                    probe.how().equals("trailing slash")
                            ? new Probe(probe.how(), "GET", probe.path(), null, 404, "No such resource")
                            : probe);
        }
        probes.addAll(walkArounds("GET", "/actuator/env", null, NO_ADMIN, 401));
        probes.add(new Probe("encoded NUL in a token", "GET", "/api/v1/track/abc%00def", null, 400, CANONICAL));
        probes.add(new Probe("backslash", "GET", "/api/v1/track/..%5Cadmin", null, 400, CANONICAL));
        probes.add(new Probe("path no rule names", "GET", "/internal/anything", null, 401, NO_ADMIN));
        assertAnswers(probes);
        dispatch.call("GET", token, Map.of(), null, 404);
        dispatch.call("GET", "/internal/anything", admin(), null, 404);
    }

    @Test
    void every_mapped_route_has_a_rule_and_its_handler_demands_the_principal_of_its_family() throws Exception {
        List<String> checked = new ArrayList<>();
        for (RequestMappingHandlerMapping mapping :
                dispatch.beans(RequestMappingHandlerMapping.class).values()) {
            for (Map.Entry<RequestMappingInfo, HandlerMethod> route :
                    mapping.getHandlerMethods().entrySet()) {
                Set<PathPattern> patterns =
                        route.getKey().getPatternsCondition().getPatterns();
                var methods = route.getKey().getMethodsCondition().getMethods();
                for (PathPattern pattern : patterns) {
                    String path = concrete(pattern.getPatternString());
                    if (path.startsWith("/api/v1/proof-media/")) {
                        // the delivery's merchant or an operator: the handler takes neither as a parameter but
                        // reads whichever the chain set (PrincipalArguments.find) and answers 401 itself without
                        // one, so it fails closed too (ProofMediaTest); the chain answers first
                        assertThat(dispatch.send("GET", path, Map.of(), null, null)
                                        .status())
                                .as("GET %s without a credential", path)
                                .isEqualTo(401);
                        // and its walk-arounds never reach it either: refused before routing
                        for (String bent : List.of(encodedLetter(path), withParameter(path))) {
                            Answer refused = dispatch.send("GET", bent, Map.of(), null, null);
                            assertThat(refused.status())
                                    .as("GET %s without a credential", bent)
                                    .isEqualTo(400);
                            assertThat(refused.error().get("message").asText()).startsWith(CANONICAL);
                        }
                        checked.add("GET " + path);
                        continue;
                    }
                    Class<?> principal = principalOf(path);
                    List<Class<?>> parameters =
                            Arrays.asList(route.getValue().getMethod().getParameterTypes());
                    if (principal == null) {
                        assertThat(path)
                                .as("a route outside the named families must be a public one: %s", route.getValue())
                                .matches(
                                        "/(api/v1/track|track|api/v1/auth|api/v1/console/sign(in|out)|api/v1/integrations|dashboard|v3/api-docs|v3/api-docs.yaml|docs|webjars/swagger-ui)(/.*)?");
                        assertThat(dispatch.send("GET", path, Map.of(), null, null)
                                        .status())
                                .as("public %s needs no credential", path)
                                .isNotIn(401, 403);
                        continue;
                    }
                    assertThat(parameters)
                            .as("%s must demand its %s", route.getValue(), principal.getSimpleName())
                            .contains(principal);
                    for (var method : methods.isEmpty()
                            ? Set.of(org.springframework.web.bind.annotation.RequestMethod.GET)
                            : methods) {
                        Answer answer = dispatch.send(
                                method.name(),
                                path,
                                Map.of(),
                                method.name().equals("GET") ? null : "{}",
                                "application/json");
                        assertThat(answer.status())
                                .as("%s %s without a credential", method, path)
                                .isEqualTo(401);
                        assertThat(answer.error().get("message").asText())
                                .as("%s %s answered by the chain", method, path)
                                .isEqualTo(messageOf(path, principal));
                        // and its walk-arounds never reach it: refused before routing
                        for (String bent : List.of(encodedLetter(path), withParameter(path))) {
                            Answer refused = dispatch.send(
                                    method.name(),
                                    bent,
                                    Map.of(),
                                    method.name().equals("GET") ? null : "{}",
                                    "application/json");
                            assertThat(refused.status())
                                    .as("%s %s without a credential", method, bent)
                                    .isEqualTo(400);
                            assertThat(refused.error().get("message").asText()).startsWith(CANONICAL);
                        }
                        checked.add(method + " " + path);
                    }
                }
            }
        }
        assertThat(checked)
                .as("the walk found the routes")
                .hasSizeGreaterThan(30)
                .contains(
                        "POST /api/v1/admin/merchants",
                        "GET /api/v1/rider/offers",
                        "POST /api/v1/external/dispatches",
                        "POST /api/v1/admin/projections/rebuild",
                        "GET /api/v1/admin/projections/rebuild",
                        "POST /api/v1/admin/dispatch/whatif",
                        "GET /api/v1/admin/dispatch/whatif")
                .anyMatch(route -> route.startsWith("GET /api/v1/admin/audit/dispatches/"));
    }

    @Test
    void a_read_only_key_on_a_write_route_is_forbidden_whatever_the_spelling_of_the_path() throws Exception {
        Merchant m = dispatch.newMerchant("Read only", "read");
        Answer forbidden = dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), "{}", 403);
        assertThat(forbidden.error().get("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(forbidden.error().get("message").asText()).isEqualTo("This API key lacks the 'write' scope");
        Answer bent = dispatch.call("POST", "/api/v1/external/%64ispatches", merchant(m.apiKey()), "{}", 400);
        assertThat(bent.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
    }

    /** The walk-arounds of one canonical route, all without a credential. */
    private static List<Probe> walkArounds(String method, String canonical, String body, String missing, int status) {
        int family = canonical.startsWith("/api/v1/") ? "/api/v1/".length() : 1;
        String head = canonical.substring(0, family);
        String rest = canonical.substring(family);
        String encodedLetter = head + "%" + Integer.toHexString(rest.charAt(0)).toUpperCase() + rest.substring(1);
        int slash = rest.indexOf('/');
        String segment = slash < 0 ? rest : rest.substring(0, slash);
        String tail = slash < 0 ? "" : rest.substring(slash);
        String query = "";
        int q = canonical.indexOf('?');
        String plain = q < 0 ? canonical : canonical.substring(0, q);
        if (q >= 0) {
            query = canonical.substring(q);
        }
        String mixedCase = head + Character.toUpperCase(segment.charAt(0)) + segment.substring(1) + tail;
        String getBody = body == null ? "{}" : body;
        return List.of(
                new Probe("percent-encoded letter", method, encodedLetter, body, 400, CANONICAL),
                new Probe(
                        "encoded slash",
                        method,
                        head + segment + "%2F" + tail.substring(Math.min(1, tail.length())),
                        body,
                        400,
                        CANONICAL),
                new Probe(
                        "encoded dot segment",
                        method,
                        head + "%2E%2E/" + head.substring(1) + rest,
                        body,
                        400,
                        CANONICAL),
                new Probe("dot segment", method, head + "x/../" + rest, body, 400, CANONICAL),
                new Probe(";x=1 parameter", method, head + segment + ";x=1" + tail, body, 400, CANONICAL),
                new Probe("double slash", method, head + "/" + rest, body, 400, CANONICAL),
                new Probe("trailing slash", method, plain + "/" + query, body, status, missing),
                new Probe("mixed case", method, mixedCase, body, 401, NO_ADMIN),
                new Probe("body on GET", "GET", canonical, getBody, 400, CANONICAL));
    }

    private static void assertAnswers(List<Probe> probes) throws Exception {
        for (Probe probe : probes) {
            Answer answer = dispatch.send(probe.method(), probe.path(), Map.of(), probe.body(), "application/json");
            // one line per walk-around, for the report (before/after tables in docs/security.md)
            System.out.printf(
                    "walk-around | %-22s | %-6s %-60s | %d %s%n",
                    probe.how(),
                    probe.method(),
                    probe.path(),
                    answer.status(),
                    answer.response().body().length() > 80
                            ? answer.response().body().substring(0, 80)
                            : answer.response().body());
            assertThat(answer.status())
                    .as(
                            "%s: %s %s answered %s",
                            probe.how(),
                            probe.method(),
                            probe.path(),
                            answer.response().body())
                    .isEqualTo(probe.status());
            assertThat(answer.header("X-Request-Id"))
                    .as("X-Request-Id on %s", probe.how())
                    .isNotBlank();
            assertThat(answer.json().get("success").asBoolean()).isFalse();
            assertThat(answer.error().get("message").asText())
                    .as("%s: %s %s", probe.how(), probe.method(), probe.path())
                    .startsWith(probe.message());
        }
    }

    /** The path with its last letter percent-encoded. */
    private static String encodedLetter(String path) {
        int at = path.length() - 1;
        while (!Character.isLetter(path.charAt(at))) {
            at--;
        }
        return path.substring(0, at) + "%"
                + Integer.toHexString(path.charAt(at)).toUpperCase() + path.substring(at + 1);
    }

    /** The path with a {@code ;x=1} parameter on its third segment ({@code /api/v1/<family>;x=1/...}). */
    private static String withParameter(String path) {
        int third = path.indexOf('/', path.indexOf('/', path.indexOf('/', 1) + 1) + 1);
        return third < 0 ? path + ";x=1" : path.substring(0, third) + ";x=1" + path.substring(third);
    }

    private static String concrete(String pattern) {
        return pattern.replaceAll("\\{\\*?[^}]+}", UUID.randomUUID().toString());
    }

    private static Class<?> principalOf(String path) {
        if (path.startsWith("/api/v1/external/") || path.startsWith("/api/v1/dashboard/")) {
            return MerchantPrincipal.class;
        }
        if (path.startsWith("/api/v1/rider/")) {
            return RiderPrincipal.class;
        }
        // the store webhook receivers are public: the store's signature is checked by the handler (ShopifyOrdersTest)
        if (path.startsWith("/api/v1/track/")
                || path.startsWith("/track/")
                || path.startsWith("/api/v1/auth/")
                || path.equals("/api/v1/console/signin")
                || path.equals("/api/v1/console/signout")
                || path.startsWith("/api/v1/integrations/")
                || path.equals("/dashboard")
                || path.startsWith("/dashboard/")
                || path.startsWith("/v3/api-docs")
                || path.startsWith("/docs")
                || path.startsWith("/webjars/")) {
            return null;
        }
        return OperatorPrincipal.class;
    }

    private static String messageOf(String path, Class<?> principal) {
        if (path.startsWith("/api/v1/dashboard/")) {
            return NO_SESSION;
        }
        if (principal == MerchantPrincipal.class) {
            return NO_KEY;
        }
        return principal == RiderPrincipal.class ? NO_RIDER : NO_ADMIN;
    }
}
