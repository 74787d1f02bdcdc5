package io.dispatch.web.security;

import java.util.List;
import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Path patterns and how to match them. Every filter that decides by path (the security chain, the
 * rate limits, idempotency) matches with these, on the path the router routes by: decoded, with
 * {@code ;} parameters removed. A prefix test on the raw path does not see {@code /api/v1/%61dmin}
 * as {@code /api/v1/admin}; the router does, and so do these.
 *
 * <p>The constants are the families every HTTP service serves; the families of a feature are
 * declared by the module that serves it ({@link ServedRoutes}) and joined in the process's
 * {@link RouteTable}.
 */
public final class Routes {

    public static final String EXTERNAL = "/api/v1/external/**";
    public static final String DISPATCHES = "/api/v1/external/dispatches/**";
    public static final String PING = "/api/v1/external/ping";
    public static final String WEBHOOK_RECOVER = "/api/v1/external/webhooks/recover";
    public static final String RIDER = "/api/v1/rider/**";
    public static final String ADMIN = "/api/v1/admin/**";
    /** Static files of the pages: the WebJars (Swagger UI, Leaflet) and our own map script. */
    public static final String WEBJARS = "/webjars/**";

    public static final String ASSETS = "/assets/**";

    private static final PathPatternParser PARSER = PathPatternParser.defaultInstance;

    private Routes() {}

    public static PathPattern pattern(String pattern) {
        return PARSER.parse(pattern);
    }

    /** One pattern, matched on the exchange's path within the application. */
    public static boolean matches(PathPattern pattern, ServerWebExchange exchange) {
        return pattern.matches(path(exchange));
    }

    public static boolean matchesAny(List<PathPattern> patterns, ServerWebExchange exchange) {
        PathContainer path = path(exchange);
        return patterns.stream().anyMatch(pattern -> pattern.matches(path));
    }

    private static PathContainer path(ServerWebExchange exchange) {
        return exchange.getRequest().getPath().pathWithinApplication();
    }
}
