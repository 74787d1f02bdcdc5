package io.dispatch.riderapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** What the router answers for the app's paths, and rules every script of the app keeps. */
class RiderAppPagesTest {

    private final WebTestClient client = WebTestClient.bindToRouterFunction(new RiderAppPages().riderAppRoutes())
            .build();

    @Test
    void the_bare_path_redirects_into_the_service_workers_scope() {
        client.get()
                .uri("/rider")
                .exchange()
                .expectStatus()
                .isTemporaryRedirect()
                .expectHeader()
                .valueEquals("Location", "/rider/");
    }

    @Test
    void every_page_path_answers_the_page_with_a_strict_policy() {
        for (String path : List.of("/rider/", "/rider/route", "/rider/anything/else")) {
            client.get()
                    .uri(path)
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectHeader()
                    .contentTypeCompatibleWith("text/html")
                    .expectHeader()
                    .valueEquals("Content-Security-Policy", RiderAppPages.POLICY)
                    .expectBody(String.class)
                    .value(html -> assertThat(html).contains("/rider/assets/app.js"));
        }
        assertThat(RiderAppPages.POLICY)
                .contains("script-src 'self';", "worker-src 'self';", "manifest-src 'self';", "connect-src 'self';")
                .doesNotContain("unsafe-eval");
    }

    @Test
    void the_worker_is_javascript_never_cached_and_the_manifest_is_a_manifest() {
        client.get()
                .uri("/rider/sw.js")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentTypeCompatibleWith("text/javascript")
                .expectHeader()
                .valueEquals("Cache-Control", "no-cache");
        client.get()
                .uri("/rider/manifest.webmanifest")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentTypeCompatibleWith("application/manifest+json")
                .expectBody(String.class)
                .value(manifest ->
                        assertThat(manifest).contains("\"scope\": \"/rider/\"", "\"start_url\": \"/rider/\""));
    }

    @Test
    void the_assets_and_every_file_the_worker_keeps_are_served() throws IOException {
        String worker = text("rider/sw.js");
        List<String> shell = List.of(worker.substring(worker.indexOf("const SHELL = ["), worker.indexOf("];"))
                .lines()
                .map(String::strip)
                .filter(line -> line.startsWith("\"/rider/"))
                .map(line -> line.substring(1, line.lastIndexOf('"')))
                .toArray(String[]::new));
        assertThat(shell).contains("/rider/", "/rider/assets/app.js");
        for (String path : shell) {
            client.get().uri(path).exchange().expectStatus().isOk();
        }
        client.get().uri("/rider/assets/nothing.js").exchange().expectStatus().isNotFound();
    }

    @Test
    void the_scripts_write_values_as_text_never_as_html() throws IOException {
        for (String script : List.of("app.js", "api.js", "outbox.js", "proof.js", "screens.js", "forms.js")) {
            assertThat(text("rider/assets/" + script))
                    .as(script)
                    .doesNotContain("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(");
        }
    }

    private static String text(String resource) throws IOException {
        return new ClassPathResource(resource).getContentAsString(StandardCharsets.UTF_8);
    }
}
