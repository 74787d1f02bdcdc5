package io.dispatch.riderapp;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RequestPredicates.path;

import io.dispatch.web.security.ServedRoutes;
import java.net.URI;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The riders' app at {@code /rider/}: one page (every path under it answers the same HTML; its
 * script draws the screen), its assets under {@code /rider/assets/}, the web manifest and the
 * service worker, from the jar (docs/adr/0048). {@code /rider} itself redirects to {@code /rider/}
 * so that the page lies inside the service worker's scope; the browser keeps the enrolment link's
 * {@code #token=...} across the redirect. The page may load scripts, styles, data, workers and
 * its manifest from this origin only; images also from {@code blob:} and {@code data:} (the
 * photo and signature it previews).
 */
@Configuration(proxyBeanMethods = false)
public class RiderAppPages {

    static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' blob: data:; connect-src 'self'; worker-src 'self'; manifest-src 'self';"
            + " object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

    private static final MediaType JAVASCRIPT = MediaType.parseMediaType("text/javascript;charset=UTF-8");
    private static final MediaType MANIFEST = MediaType.parseMediaType("application/manifest+json");

    /** The page, its assets, manifest and worker need no credential: the page calls the rider API with its token. */
    @Bean
    ServedRoutes riderAppServedRoutes() {
        return ServedRoutes.of("rider-app").open("/rider", "/rider/**");
    }

    @Bean
    RouterFunction<ServerResponse> riderAppRoutes() {
        ClassPathResource page = new ClassPathResource("rider/index.html");
        ClassPathResource worker = new ClassPathResource("rider/sw.js");
        ClassPathResource manifest = new ClassPathResource("rider/manifest.webmanifest");
        return RouterFunctions.resources("/rider/assets/**", new ClassPathResource("rider/assets/"))
                .and(RouterFunctions.route(
                        GET("/rider"),
                        request -> ServerResponse.temporaryRedirect(URI.create("/rider/"))
                                .build()))
                // the worker is fetched again on every visit (no-cache), so a new version reaches phones
                .and(RouterFunctions.route(
                        GET("/rider/sw.js"),
                        request -> ServerResponse.ok()
                                .contentType(JAVASCRIPT)
                                .header("Cache-Control", "no-cache")
                                .bodyValue(worker)))
                .and(RouterFunctions.route(
                        GET("/rider/manifest.webmanifest"),
                        request -> ServerResponse.ok().contentType(MANIFEST).bodyValue(manifest)))
                .and(RouterFunctions.route(
                        GET("/rider/**").and(path("/rider/assets/**").negate()),
                        request -> ServerResponse.ok()
                                .contentType(MediaType.TEXT_HTML)
                                .header("Content-Security-Policy", POLICY)
                                .bodyValue(page)));
    }
}
