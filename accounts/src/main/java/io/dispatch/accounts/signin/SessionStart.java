package io.dispatch.accounts.signin;

import java.util.Map;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Signs a browser in, the same way for a merchant and an operator: a new session id (one given
 * before sign-in is never reused), nothing kept of what the session held before, the signed-in
 * attributes, and a fresh CSRF token for the session's state-changing calls.
 */
public final class SessionStart {

    private SessionStart() {}

    /**
     * Starts the session with these attributes; {@code principal} is the name Spring Session
     * indexes it by, so that every session of an account can be ended. Answers the session's CSRF token.
     */
    public static Mono<String> signIn(ServerWebExchange exchange, String principal, Map<String, String> attributes) {
        return exchange.getSession()
                .flatMap(session -> session.changeSessionId().then(Mono.fromRunnable(() -> {
                    session.getAttributes().clear();
                    session.getAttributes().putAll(attributes);
                    session.getAttributes().put(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME, principal);
                    session.start();
                })))
                .then(csrfToken(exchange));
    }

    /** The session's CSRF token (made and stored in the session when it has none). */
    public static Mono<String> csrfToken(ServerWebExchange exchange) {
        Mono<CsrfToken> token = exchange.getAttributeOrDefault(CsrfToken.class.getName(), Mono.empty());
        return token.map(CsrfToken::getToken);
    }
}
