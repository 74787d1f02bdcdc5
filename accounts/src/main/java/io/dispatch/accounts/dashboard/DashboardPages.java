package io.dispatch.accounts.dashboard;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RequestPredicates.path;

import io.dispatch.web.maps.MapSettings;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The dashboard's pages at {@code /dashboard}: one page (every path under it answers the same
 * HTML; its script draws the view the path names) and its assets under {@code
 * /dashboard/assets/}, from the jar. The page may load scripts, styles and data from this origin
 * only; map tiles are images from the configured tile server ({@link MapSettings}).
 */
@Configuration(proxyBeanMethods = false)
public class DashboardPages {

    @Bean
    RouterFunction<ServerResponse> dashboardPageRoutes(MapSettings maps) {
        ClassPathResource page = new ClassPathResource("dashboard/index.html");
        return RouterFunctions.resources("/dashboard/assets/**", new ClassPathResource("dashboard/assets/"))
                .and(RouterFunctions.route(
                        GET("/dashboard")
                                .or(GET("/dashboard/**"))
                                .and(path("/dashboard/assets/**").negate()),
                        request -> ServerResponse.ok()
                                .contentType(MediaType.TEXT_HTML)
                                .header("Content-Security-Policy", policy(maps.current()))
                                .bodyValue(page)));
    }

    private static String policy(MapSettings.Tiles tiles) {
        return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src "
                + tiles.imageSources()
                + "; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
    }
}
