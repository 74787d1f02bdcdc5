package io.dispatch.console;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RequestPredicates.path;

import io.dispatch.web.maps.MapSettings;
import io.dispatch.web.security.ServedRoutes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The console's pages at {@code /console}: one page (every path under it answers the same HTML;
 * its script draws the view the path names) and its assets under {@code /console/assets/}, from
 * the jar. The page may load scripts, styles and data from this origin only; map tiles are images
 * from the configured tile server ({@link MapSettings}), whose address the page carries in the map
 * element's data attributes, as the tracking page does.
 */
@Configuration(proxyBeanMethods = false)
public class ConsolePages {

    private static final String PAGE = load();
    private static final String MAP_SETTINGS = "__MAP_SETTINGS__";

    /** The pages need no credential: they call the operator API with the operator's session. */
    @Bean
    ServedRoutes consoleServedRoutes() {
        return ServedRoutes.of("console").open("/console", "/console/**");
    }

    @Bean
    RouterFunction<ServerResponse> consolePageRoutes(MapSettings maps) {
        return RouterFunctions.resources("/console/assets/**", new ClassPathResource("console/assets/"))
                .and(RouterFunctions.route(
                        GET("/console")
                                .or(GET("/console/**"))
                                .and(path("/console/assets/**").negate()),
                        request -> {
                            MapSettings.Tiles tiles = maps.current();
                            return ServerResponse.ok()
                                    .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                                    .cacheControl(CacheControl.noCache())
                                    .header("Content-Security-Policy", policy(tiles))
                                    .bodyValue(PAGE.replace(MAP_SETTINGS, tiles.htmlAttributes()));
                        }));
    }

    static String policy(MapSettings.Tiles tiles) {
        return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src "
                + tiles.imageSources()
                + "; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
    }

    private static String load() {
        try (InputStream in = new ClassPathResource("console/index.html").getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
