package io.dispatch.web.maps;

import io.dispatch.web.security.Routes;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.web.reactive.config.ResourceHandlerRegistry;
import org.springframework.web.reactive.config.WebFluxConfigurer;

/**
 * Every service serves the map pages' script at {@code /assets/dispatch-map.js} (Leaflet itself
 * comes from its WebJar at {@code /webjars/leaflet/dist/...}): nothing is loaded from a CDN.
 * The URL carries no version, so browsers revalidate it (its Last-Modified) on each page.
 */
@Configuration(proxyBeanMethods = false)
public class MapAssets implements WebFluxConfigurer {

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler(Routes.ASSETS)
                .addResourceLocations("classpath:/io/dispatch/web/maps/assets/")
                .setCacheControl(CacheControl.noCache());
    }
}
