package io.dispatch.web.security;

import java.util.List;
import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * The route families of the service, as path patterns. Every filter that decides by path (the
 * security chain, the rate limits, idempotency) matches with these, on the path the router
 * routes by: decoded, with {@code ;} parameters removed. A prefix test on the raw path does not
 * see {@code /api/v1/%61dmin} as {@code /api/v1/admin}; the router does, and so do these.
 */
public final class Routes {

    public static final String EXTERNAL = "/api/v1/external/**";
    public static final String DISPATCHES = "/api/v1/external/dispatches/**";
    public static final String PING = "/api/v1/external/ping";
    public static final String WEBHOOK_RECOVER = "/api/v1/external/webhooks/recover";
    public static final String RIDER = "/api/v1/rider/**";
    public static final String ADMIN = "/api/v1/admin/**";
    public static final String TRACKING_API = "/api/v1/track/**";
    public static final String TRACKING_PAGE = "/track/**";
    /** The dashboard's own API: a signed-in session only (never an API key), CSRF-checked. */
    public static final String DASHBOARD_API = "/api/v1/dashboard/**";
    /** Signup, sign-in, sign-out: no credential; 60 per minute per client IP over them. */
    public static final String AUTH = "/api/v1/auth/**";

    public static final String DASHBOARD_PAGES = "/dashboard/**";
    /** The operators' console and the riders' app: pages and assets only; their data needs a credential. */
    public static final String CONSOLE_PAGES = "/console/**";

    public static final String RIDER_APP_PAGES = "/rider/**";
    /** Proof photos and signatures: the delivery's merchant (key or session) or an operator. */
    public static final String PROOF_MEDIA = "/api/v1/proof-media/**";
    /** The console's sign-in and sign-out: no credential; 60 sign-ins per minute per client IP. */
    public static final String CONSOLE_SIGN_IN = "/api/v1/console/signin";

    public static final String CONSOLE_SIGN_OUT = "/api/v1/console/signout";
    /** Static files of the pages: the WebJars (Swagger UI, Leaflet) and our own map script. */
    public static final String WEBJARS = "/webjars/**";

    public static final String ASSETS = "/assets/**";

    /** Receivers of store webhooks (Shopify calls them); each checks the store's own signature. */
    public static final String INTEGRATIONS = "/api/v1/integrations/**";

    public static final String SHOPIFY_ORDERS = "/api/v1/integrations/shopify/*/orders";

    /**
     * Tracking, sign-in, the store webhook receiver (its HMAC is checked by its handler), the
     * dashboard's pages, the API documents, the pages' static files, health: no credential.
     */
    public static final List<String> PUBLIC = List.of(
            TRACKING_API,
            TRACKING_PAGE,
            AUTH,
            CONSOLE_SIGN_IN,
            CONSOLE_SIGN_OUT,
            SHOPIFY_ORDERS,
            "/dashboard",
            DASHBOARD_PAGES,
            "/console",
            CONSOLE_PAGES,
            "/rider",
            RIDER_APP_PAGES,
            "/v3/api-docs",
            "/v3/api-docs.yaml",
            "/v3/api-docs/**",
            "/v3/api-docs.yaml/**",
            "/docs",
            "/docs/**",
            WEBJARS,
            ASSETS,
            "/actuator/health",
            "/actuator/health/**");

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
