package io.dispatch.web.security;

import io.dispatch.web.session.SessionConfiguration;
import java.util.Set;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher.MatchResult;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Which requests must carry the session's CSRF token ({@code X-CSRF-TOKEN}, handed out by
 * {@code GET /api/v1/dashboard/me} and
 * {@code GET /api/v1/console/me}): state-changing ones that carry the session
 * cookie and not their family's own credential header. A header-authenticated request needs no
 * token: a cross-site page cannot add that header without a CORS preflight, which no route
 * allows. Sign-up and sign-in (the paths modules declare with {@link ServedRoutes#signIn}) carry no
 * session's authority (a cookie sent with them is replaced); they accept only JSON, which a
 * cross-site form cannot send either.
 */
final class SessionCsrf {

    private static final Set<HttpMethod> SAFE =
            Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS, HttpMethod.TRACE);

    private final RouteTable routes;

    SessionCsrf(RouteTable routes) {
        this.routes = routes;
    }

    Mono<MatchResult> needsToken(ServerWebExchange exchange) {
        ServerHttpRequest request = exchange.getRequest();
        if (SAFE.contains(request.getMethod()) || !request.getCookies().containsKey(SessionConfiguration.COOKIE)) {
            return MatchResult.notMatch();
        }
        Family family = routes.familyOf(exchange);
        if (family.headers.stream().anyMatch(request.getHeaders()::containsHeader)) {
            return MatchResult.notMatch();
        }
        String path = request.getPath().pathWithinApplication().value();
        return routes.isSignIn(path) ? MatchResult.notMatch() : MatchResult.match();
    }
}
