package io.dispatch.query.tracking;

import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.ServedRoutes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The tracking page and its API, for the security chain and limits (docs/adr/0056): no credential
 * (the token in the path is the customer's key), a per-client-address limit, and a cap on the
 * streams one client address holds open.
 */
@Configuration(proxyBeanMethods = false)
public class TrackingRoutes {

    @Bean
    ServedRoutes trackingServedRoutes() {
        return ServedRoutes.of("tracking")
                .open("/api/v1/track/**", "/track/**")
                .limitedPerClient(ClientLimit.TRACKING, "/api/v1/track/**", "/track/**")
                .streamsCappedPerClient("/api/v1/track/{token}/stream");
    }
}
