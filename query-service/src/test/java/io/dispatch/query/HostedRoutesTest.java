package io.dispatch.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * query-service alone has in its route table only what it serves (docs/adr/0056): the tracking
 * routes are public, and the paths of the features other services host (the console, the
 * dashboard, the rider app, sign-in, the store receivers) are no public routes here but, like any
 * path this process does not name, an operator's: 401 without a credential, 404 with one.
 */
@SpringBootTest(classes = QueryServiceContext.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HostedRoutesTest extends QueryServiceContext {

    private static final ParameterizedTypeReference<Map<String, Object>> ENVELOPE =
            new ParameterizedTypeReference<>() {};
    private static final String NO_ADMIN = "Missing or wrong X-Admin-Token";

    @LocalServerPort
    int port;

    private WebTestClient client() {
        return WebTestClient.bindToServer()
                .baseUrl("http://localhost:" + port)
                .responseTimeout(Duration.ofSeconds(40))
                .build();
    }

    /** The answer's error object, the status checked. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> error(HttpMethod method, String path, String adminToken, int status) {
        return (Map<String, Object>) client().method(method)
                .uri(path)
                .headers(headers -> {
                    if (adminToken != null) {
                        headers.set("X-Admin-Token", adminToken);
                    }
                })
                .exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectBody(ENVELOPE)
                .returnResult()
                .getResponseBody()
                .get("error");
    }

    @Test
    void the_pages_and_sign_ins_of_features_hosted_elsewhere_are_an_operator_s_paths_here() {
        for (String path :
                new String[] {"/console", "/console/queue", "/dashboard", "/rider/", "/api/v1/dashboard/me"}) {
            assertThat(error(HttpMethod.GET, path, null, 401))
                    .as("GET %s without a credential", path)
                    .containsEntry("message", NO_ADMIN);
            assertThat(error(HttpMethod.GET, path, "test", 404))
                    .as("GET %s with the operator token: nothing here serves it", path)
                    .containsEntry("code", "NOT_FOUND");
        }
        for (String path : new String[] {"/api/v1/auth/signin", "/api/v1/console/signin"}) {
            assertThat(error(HttpMethod.POST, path, null, 401))
                    .as("POST %s without a credential", path)
                    .containsEntry("message", NO_ADMIN);
        }
        assertThat(error(
                        HttpMethod.POST,
                        "/api/v1/integrations/shopify/00000000-0000-0000-0000-000000000001/orders",
                        null,
                        401))
                .containsEntry("message", NO_ADMIN);
    }

    @Test
    void the_tracking_routes_it_serves_are_public_and_counted_per_client_address() {
        client().get()
                .uri("/api/v1/track/" + "A".repeat(24))
                .exchange()
                .expectStatus()
                .value(status -> assertThat(status)
                        .as("an unknown token is no credential refused")
                        .isNotIn(401, 403))
                .expectHeader()
                .exists("RateLimit-Limit");
    }
}
