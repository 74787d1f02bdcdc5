package io.dispatch.web.security;

import io.dispatch.web.identity.CredentialFailures;
import io.dispatch.web.identity.CredentialKind;
import io.dispatch.web.identity.CredentialKinds;
import io.dispatch.web.identity.CredentialRejected;
import io.dispatch.web.identity.Credentials;
import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.session.SessionConfiguration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The chain's one authentication manager. It reads the credential header of the route's
 * family ({@link RouteTable}) (X-API-Key, X-Rider-Token or X-Admin-Token, either of the first and last on proof media;
 * none for public routes) and hands it to
 * {@link Credentials} with the {@link CredentialKind} that header belongs to. A request without
 * the header goes on unauthenticated, and the authorization rules answer it 401; a wrong one is
 * answered 401 here, with its kind's message.
 *
 * <p>Without the header, the session cookie stands in where the family allows it: the merchant id
 * a dashboard session holds on the merchant and dashboard routes ({@link CredentialKinds#sessions}),
 * the operator account id a console session holds on the operator routes ({@link
 * CredentialKinds#operatorSessions}), either on proof media. The session store is read only when
 * the cookie is there.
 *
 * <p>Failed checks are counted per client address ({@link CredentialFailures}); over the limit, the
 * address's credentials are answered 429 without being compared until its window ends.
 */
public final class CredentialCheck implements ServerAuthenticationConverter, ReactiveAuthenticationManager {

    private final Credentials credentials;
    private final RouteTable routes;
    private final ClientAddresses clients;
    private final CredentialFailures failures;
    private final Map<String, CredentialKind<?>> byHeader = new HashMap<>();
    private final Map<String, CredentialKind<?>> bySessionAttribute = new HashMap<>();

    CredentialCheck(
            Credentials credentials,
            RouteTable routes,
            List<CredentialKind<?>> kinds,
            ClientAddresses clients,
            CredentialFailures failures) {
        this.credentials = credentials;
        this.routes = routes;
        this.clients = clients;
        this.failures = failures;
        for (CredentialKind<?> kind : kinds) {
            if (kind.header() != null) {
                byHeader.put(kind.header(), kind);
            } else {
                bySessionAttribute.put(kind.sessionAttribute(), kind);
            }
        }
        for (Family family : Family.values()) {
            for (String header : family.headers) {
                if (!byHeader.containsKey(header)) {
                    throw new IllegalStateException("No credential kind reads " + header);
                }
            }
        }
    }

    @Override
    public Mono<Authentication> convert(ServerWebExchange exchange) {
        Family family = routes.familyOf(exchange);
        for (String header : family.headers) {
            String value = exchange.getRequest().getHeaders().getFirst(header);
            if (value != null) {
                return Mono.just(new PresentedCredential(byHeader.get(header), value, clients.of(exchange)));
            }
        }
        if (family.sessionAttributes.isEmpty()
                || !exchange.getRequest().getCookies().containsKey(SessionConfiguration.COOKIE)) {
            return Mono.empty();
        }
        return exchange.getSession().mapNotNull(stored -> {
            for (String attribute : family.sessionAttributes) {
                String id = stored.getAttribute(attribute);
                CredentialKind<?> kind = bySessionAttribute.get(attribute);
                if (id != null && kind != null) {
                    return new PresentedCredential(kind, id, clients.of(exchange));
                }
            }
            return null;
        });
    }

    @Override
    public Mono<Authentication> authenticate(Authentication authentication) {
        PresentedCredential presented = (PresentedCredential) authentication;
        long blocked = failures.blockedFor(presented.client());
        if (blocked > 0) {
            return Mono.error(new TooManyFailedCredentials(failures.limit(), blocked));
        }
        return credentials
                .check(presented.kind(), (String) presented.getCredentials())
                .onErrorResume(
                        CredentialRejected.class,
                        rejected -> failures.failed(presented.client())
                                .flatMap(now -> Mono.error(
                                        now > 0 ? new TooManyFailedCredentials(failures.limit(), now) : rejected)))
                .map(holder -> new DispatchAuthentication(
                        holder.principal(),
                        holder.authorities().stream()
                                .map(SimpleGrantedAuthority::new)
                                .toList()));
    }
}
