package io.dispatch.web.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.ServerWebExchange;

/** How the process's route table joins the declarations of the modules it hosts. */
class RouteTableTest {

    private static final ServedRoutes CONSOLE = ServedRoutes.of("console").open("/console", "/console/**");
    private static final ServedRoutes ACCOUNTS = ServedRoutes.of("accounts")
            .open("/api/v1/auth/**", "/api/v1/console/signin", "/dashboard", "/dashboard/**")
            .dashboardSession("/api/v1/dashboard/**")
            .limitedPerClient(ClientLimit.SIGN_IN, "/api/v1/auth/**", "/api/v1/console/signin")
            .signIn("/api/v1/auth/signin", "/api/v1/console/signin");
    private static final ServedRoutes WEBHOOK_DASHBOARD =
            ServedRoutes.of("webhook-dispatcher").dashboardSession("/api/v1/dashboard/**");
    private static final ServedRoutes TRACKING = ServedRoutes.of("tracking")
            .open("/api/v1/track/**", "/track/**")
            .limitedPerClient(ClientLimit.TRACKING, "/api/v1/track/**", "/track/**")
            .streamsCappedPerClient("/api/v1/track/{token}/stream");

    private static ServerWebExchange get(String path) {
        return MockServerWebExchange.from(MockServerHttpRequest.get(path));
    }

    private static List<Family> familiesOf(RouteTable table, String... paths) {
        return java.util.Arrays.stream(paths)
                .map(path -> table.familyOf(get(path)))
                .toList();
    }

    /** Whether the table's matcher of the family (on {@code method}, any when null) matches this request. */
    private static boolean matches(RouteTable table, Family family, HttpMethod method, HttpMethod sent, String path) {
        return Boolean.TRUE.equals(table.matcher(family, method)
                .matches(MockServerWebExchange.from(MockServerHttpRequest.method(sent, path)))
                .map(result -> result.isMatch())
                .block());
    }

    @Test
    void the_table_joins_every_service_s_families_with_each_module_s() {
        RouteTable table = RouteTable.of(List.of(CONSOLE, ACCOUNTS, TRACKING));

        assertThat(familiesOf(
                        table,
                        "/api/v1/external/dispatches",
                        "/api/v1/rider/offers",
                        "/api/v1/dashboard/me",
                        "/v3/api-docs",
                        "/console/queue",
                        "/track/abc",
                        "/api/v1/admin/merchants"))
                .containsExactly(
                        Family.MERCHANT,
                        Family.RIDER,
                        Family.DASHBOARD,
                        Family.PUBLIC,
                        Family.PUBLIC,
                        Family.PUBLIC,
                        Family.OPERATOR);
        assertThat(table.limitedPer(ClientLimit.SIGN_IN)).containsExactly("/api/v1/auth/**", "/api/v1/console/signin");
        assertThat(table.limitedPer(ClientLimit.TRACKING)).containsExactly("/api/v1/track/**", "/track/**");
        assertThat(table.isSignIn("/api/v1/console/signin")).isTrue();
        assertThat(table.isSignIn("/api/v1/auth/signout")).isFalse();
        assertThat(table.isCappedStream(get("/api/v1/track/abc/stream"))).isTrue();
        assertThat(table.isCappedStream(get("/api/v1/track/abc"))).isFalse();
    }

    @Test
    void a_process_without_a_feature_has_none_of_its_routes_and_they_fall_to_the_operator_rule() {
        RouteTable query = RouteTable.of(List.of(TRACKING));

        assertThat(familiesOf(
                        query,
                        "/console",
                        "/console/queue",
                        "/dashboard",
                        "/api/v1/auth/signin",
                        "/api/v1/dashboard/me"))
                .containsOnly(Family.OPERATOR);
        assertThat(query.familyOf(get("/track/abc"))).isEqualTo(Family.PUBLIC);
        assertThat(query.limitedPer(ClientLimit.SIGN_IN)).isEmpty();
        assertThat(query.limitedPer(ClientLimit.INTEGRATIONS)).isEmpty();
        assertThat(query.isSignIn("/api/v1/auth/signin")).isFalse();
        assertThat(matches(query, Family.DASHBOARD, null, HttpMethod.GET, "/api/v1/dashboard/me"))
                .as("a family no module declares matches nothing")
                .isFalse();
        assertThat(matches(query, Family.MEDIA, HttpMethod.GET, HttpMethod.GET, "/api/v1/proof-media/x"))
                .isFalse();

        RouteTable alone = RouteTable.of(List.of());
        assertThat(alone.familyOf(get("/track/abc"))).isEqualTo(Family.OPERATOR);
        assertThat(alone.familyOf(get("/actuator/health"))).isEqualTo(Family.PUBLIC);
        assertThat(alone.familyOf(get("/webjars/leaflet/dist/leaflet.js"))).isEqualTo(Family.PUBLIC);
    }

    @Test
    void a_family_declared_by_two_modules_with_the_same_rule_counts_once() {
        RouteTable table = RouteTable.of(List.of(ACCOUNTS, WEBHOOK_DASHBOARD));

        assertThat(table.patterns(Family.DASHBOARD)).containsExactly("/api/v1/dashboard/**");
        assertThat(table.familyOf(get("/api/v1/dashboard/webhook"))).isEqualTo(Family.DASHBOARD);
        assertThat(RouteTable.of(List.of(WEBHOOK_DASHBOARD)).familyOf(get("/api/v1/dashboard/webhook")))
                .as("either module alone declares it")
                .isEqualTo(Family.DASHBOARD);
    }

    @Test
    void a_pattern_declared_with_two_rules_or_under_two_limits_fails_the_start() {
        ServedRoutes openDashboardApi = ServedRoutes.of("careless").open("/api/v1/dashboard/**");
        assertThatThrownBy(() -> RouteTable.of(List.of(ACCOUNTS, openDashboardApi)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("/api/v1/dashboard/**")
                .hasMessageContaining("accounts")
                .hasMessageContaining("careless");
        ServedRoutes publicRider = ServedRoutes.of("rider pages").open("/api/v1/rider/**");
        assertThatThrownBy(() -> RouteTable.of(List.of(publicRider)))
                .as("every service's families cannot be opened by a module")
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("every service");
        ServedRoutes countedTwice = ServedRoutes.of("other").limitedPerClient(ClientLimit.TRACKING, "/api/v1/auth/**");
        assertThatThrownBy(() -> RouteTable.of(List.of(ACCOUNTS, countedTwice)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("/api/v1/auth/**");
    }

    @Test
    void the_matchers_of_the_chain_match_by_method_on_the_normalised_path() {
        RouteTable table =
                RouteTable.of(List.of(ServedRoutes.of("proof media").merchantOrOperator("/api/v1/proof-media/**")));

        assertThat(matches(table, Family.MEDIA, HttpMethod.GET, HttpMethod.GET, "/api/v1/proof-media/abc"))
                .isTrue();
        assertThat(matches(table, Family.MEDIA, HttpMethod.GET, HttpMethod.GET, "/api/v1/proof-media;x=1/abc"))
                .as("the path the router routes by: ; parameters removed")
                .isTrue();
        assertThat(matches(table, Family.MEDIA, HttpMethod.GET, HttpMethod.DELETE, "/api/v1/proof-media/abc"))
                .isFalse();
        assertThat(matches(table, Family.MEDIA, null, HttpMethod.DELETE, "/api/v1/proof-media/abc"))
                .isTrue();
        assertThat(matches(table, Family.PUBLIC, null, HttpMethod.GET, "/api/v1/proof-media/abc"))
                .isFalse();
    }

    @Test
    void a_malformed_pattern_fails_its_declaration() {
        assertThatThrownBy(() -> ServedRoutes.of("broken").open("/console/**/pages"))
                .isInstanceOf(RuntimeException.class);
    }
}
