package io.dispatch.web.security;

import io.dispatch.web.identity.CredentialKinds;
import java.util.List;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;

/** Who may call a route, by the family its normalised path belongs to, and the header they show. */
enum Family {
    MERCHANT(CredentialKinds.API_KEY_HEADER, CredentialKinds.API_KEY_REJECTED),
    RIDER(CredentialKinds.RIDER_TOKEN_HEADER, CredentialKinds.RIDER_TOKEN_REJECTED),
    /** /api/v1/dashboard: the session cookie only. */
    DASHBOARD(null, "Sign in first: this route needs a dashboard session"),
    PUBLIC(null, null),
    /** /api/v1/admin and, deny by default, every path no other family names. */
    OPERATOR(CredentialKinds.OPERATOR_TOKEN_HEADER, CredentialKinds.OPERATOR_TOKEN_REJECTED);

    private static final PathPattern EXTERNAL = Routes.pattern(Routes.EXTERNAL);
    private static final PathPattern RIDERS = Routes.pattern(Routes.RIDER);
    private static final PathPattern DASHBOARD_API = Routes.pattern(Routes.DASHBOARD_API);
    private static final List<PathPattern> PUBLIC_ROUTES =
            Routes.PUBLIC.stream().map(Routes::pattern).toList();

    final String header;
    final String missing;

    /** Whether a dashboard session may stand in for this family's header. */
    boolean acceptsSession() {
        return this == MERCHANT || this == DASHBOARD;
    }

    Family(String header, String missing) {
        this.header = header;
        this.missing = missing;
    }

    static Family of(ServerWebExchange exchange) {
        if (Routes.matches(EXTERNAL, exchange)) {
            return MERCHANT;
        }
        if (Routes.matches(RIDERS, exchange)) {
            return RIDER;
        }
        if (Routes.matches(DASHBOARD_API, exchange)) {
            return DASHBOARD;
        }
        if (Routes.matchesAny(PUBLIC_ROUTES, exchange)) {
            return PUBLIC;
        }
        return OPERATOR;
    }
}
