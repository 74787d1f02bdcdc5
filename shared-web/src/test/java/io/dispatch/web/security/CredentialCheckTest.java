package io.dispatch.web.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.web.MutableClock;
import io.dispatch.web.identity.ApiKeys;
import io.dispatch.web.identity.CredentialKind;
import io.dispatch.web.identity.CredentialKinds;
import io.dispatch.web.identity.CredentialRejected;
import io.dispatch.web.identity.Credentials;
import io.dispatch.web.identity.IdentityProperties;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.ratelimit.FailedCredentials;
import io.dispatch.web.ratelimit.RateLimiter;
import io.dispatch.web.request.ClientAddressProperties;
import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.session.SessionConfiguration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpCookie;
import org.springframework.http.HttpMethod;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.web.server.WebSession;
import org.springframework.web.server.session.InMemoryWebSessionStore;

/**
 * Which credential the chain reads on which route, and that it hands it to the one check: the
 * route's family names one header, and the session cookie stands in only where a session may.
 */
class CredentialCheckTest {

    private static final UUID MERCHANT = UUID.fromString("00000000-0000-0000-0000-0000000000aa");
    private static final UUID RIDER = UUID.fromString("00000000-0000-0000-0000-0000000000bb");
    private static final String API_KEY = "key_1.key-secret";
    private static final String RIDER_TOKEN = "rdr_1.rider-secret";

    private final List<CredentialKind<?>> kinds = List.of(
            CredentialKinds.apiKeys(id -> Optional.of(new MerchantAccounts.StoredKey(
                            "key_1", MERCHANT, ApiKeys.hash("key-secret"), Set.of(Scope.READ), true))
                    .filter(key -> id.equals("key_1"))),
            CredentialKinds.riderTokens(
                    id -> Optional.of(new RiderAccounts.StoredToken(RIDER, "Amina", ApiKeys.hash("rider-secret")))
                            .filter(token -> id.equals("rdr_1"))),
            CredentialKinds.operatorToken("the-operator-token"),
            CredentialKinds.sessions(
                    id -> Optional.of(new MerchantAccounts.Merchant(MERCHANT, "Shop", "ACTIVE", false, null))
                            .filter(merchant -> merchant.id().equals(id))));
    private final CredentialCheck check = new CredentialCheck(
            new Credentials(kinds, new IdentityProperties(null, null), new MutableClock(Instant.EPOCH)),
            RouteTable.of(List.of(ServedRoutes.of("dashboard").dashboardSession("/api/v1/dashboard/**"))),
            kinds,
            new ClientAddresses(new ClientAddressProperties(List.of())),
            new FailedCredentials(
                    client -> new RateLimiter.Decision(true, 60, 59, 60), 60, new MutableClock(Instant.EPOCH)));

    private static MockServerWebExchange request(String method, String path, String header, String value) {
        return MockServerWebExchange.from(
                MockServerHttpRequest.method(HttpMethod.valueOf(method), path).header(header, value));
    }

    private static MockServerWebExchange signedIn(String method, String path, String header, String value) {
        WebSession session = new InMemoryWebSessionStore().createWebSession().block();
        session.getAttributes().put(CredentialKinds.SESSION_MERCHANT, MERCHANT.toString());
        return MockServerWebExchange.builder(MockServerHttpRequest.method(HttpMethod.valueOf(method), path)
                        .header(header, value)
                        .cookie(new HttpCookie(SessionConfiguration.COOKIE, session.getId())))
                .session(session)
                .build();
    }

    private Authentication authenticated(MockServerWebExchange exchange) {
        return check.convert(exchange).flatMap(check::authenticate).block();
    }

    private static List<String> authorities(Authentication authentication) {
        return authentication.getAuthorities().stream()
                .map(GrantedAuthority::getAuthority)
                .toList();
    }

    @Test
    void each_family_reads_its_own_header_and_yields_its_principal() {
        Authentication merchant = authenticated(request("GET", "/api/v1/external/dispatches", "X-API-Key", API_KEY));
        Authentication rider = authenticated(request("GET", "/api/v1/rider/offers", "X-Rider-Token", RIDER_TOKEN));
        Authentication operator =
                authenticated(request("GET", "/internal/anything", "X-Admin-Token", "the-operator-token"));

        assertThat(merchant.getPrincipal()).isEqualTo(new MerchantPrincipal(MERCHANT, "key_1", Set.of(Scope.READ)));
        assertThat(authorities(merchant)).containsExactly("ROLE_MERCHANT", "SCOPE_read");
        assertThat(rider.getPrincipal()).isEqualTo(new RiderPrincipal(RIDER, "Amina"));
        assertThat(operator.getPrincipal()).isEqualTo(new OperatorPrincipal("operator"));
    }

    @Test
    void a_header_of_another_family_is_not_read() {
        assertThat(authenticated(request("GET", "/api/v1/rider/offers", "X-API-Key", API_KEY)))
                .isNull();
        assertThat(authenticated(request("GET", "/api/v1/external/dispatches", "X-Rider-Token", RIDER_TOKEN)))
                .isNull();
        assertThat(authenticated(request("GET", "/api/v1/admin/merchants", "X-API-Key", API_KEY)))
                .isNull();
        assertThat(authenticated(request("GET", "/api/v1/dashboard/me", "X-API-Key", API_KEY)))
                .isNull();
    }

    @Test
    void a_wrong_credential_is_rejected_with_the_message_of_the_route_s_kind() {
        assertThatThrownBy(() -> authenticated(request("GET", "/api/v1/rider/offers", "X-Rider-Token", "rdr_1.wrong")))
                .isInstanceOf(CredentialRejected.class)
                .hasMessage(CredentialKinds.RIDER_TOKEN_REJECTED);
        assertThatThrownBy(() -> authenticated(request("POST", "/api/v1/admin/riders", "X-Admin-Token", "guess")))
                .isInstanceOf(CredentialRejected.class)
                .hasMessage(CredentialKinds.OPERATOR_TOKEN_REJECTED);
    }

    @Test
    void the_session_stands_in_on_the_dashboard_and_merchant_routes_only() {
        Authentication dashboard = authenticated(signedIn("GET", "/api/v1/dashboard/me", "X-Other", "x"));
        Authentication merchant = authenticated(signedIn("GET", "/api/v1/external/dispatches", "X-Other", "x"));

        assertThat(authorities(dashboard)).containsExactly("ROLE_MERCHANT", "SCOPE_read", "SCOPE_write", "SESSION");
        assertThat(((MerchantPrincipal) merchant.getPrincipal()).keyId()).isEqualTo("session:" + MERCHANT);
        assertThat(authenticated(signedIn("GET", "/api/v1/rider/offers", "X-Other", "x")))
                .isNull();
        assertThat(authenticated(signedIn("GET", "/api/v1/admin/merchants", "X-Other", "x")))
                .isNull();
    }

    @Test
    void on_a_merchant_route_the_api_key_wins_over_the_session() {
        Authentication merchant = authenticated(signedIn("GET", "/api/v1/external/dispatches", "X-API-Key", API_KEY));

        assertThat(((MerchantPrincipal) merchant.getPrincipal()).keyId()).isEqualTo("key_1");
        assertThat(authorities(merchant)).doesNotContain("SESSION");
    }
}
