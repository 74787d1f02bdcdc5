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
 * The chain's one authentication manager. It reads the one credential header of the route's
 * family (X-API-Key, X-Rider-Token or X-Admin-Token; none for public routes) and hands it to
 * {@link Credentials} with the {@link CredentialKind} that header belongs to. A request without
 * the header goes on unauthenticated, and the authorization rules answer it 401; a wrong one is
 * answered 401 here, with its kind's message.
 *
 * <p>On the merchant routes without an X-API-Key, and on the dashboard's routes, the dashboard
 * session cookie stands in: the merchant id the session holds is checked as the kind without a
 * header ({@link CredentialKinds#sessions}). The session store is read only when the cookie is there.
 *
 * <p>Failed checks are counted per client address ({@link CredentialFailures}); over the limit, the
 * address's credentials are answered 429 without being compared until its window ends.
 */
public final class CredentialCheck implements ServerAuthenticationConverter, ReactiveAuthenticationManager {

    private final Credentials credentials;
    private final ClientAddresses clients;
    private final CredentialFailures failures;
    private final Map<String, CredentialKind<?>> byHeader = new HashMap<>();
    private final CredentialKind<?> session;

    CredentialCheck(
            Credentials credentials,
            List<CredentialKind<?>> kinds,
            ClientAddresses clients,
            CredentialFailures failures) {
        this.credentials = credentials;
        this.clients = clients;
        this.failures = failures;
        kinds.stream().filter(kind -> kind.header() != null).forEach(kind -> byHeader.put(kind.header(), kind));
        this.session =
                kinds.stream().filter(kind -> kind.header() == null).findFirst().orElse(null);
        for (Family family : Family.values()) {
            if (family.header != null && !byHeader.containsKey(family.header)) {
                throw new IllegalStateException("No credential kind reads " + family.header);
            }
        }
    }

    @Override
    public Mono<Authentication> convert(ServerWebExchange exchange) {
        Family family = Family.of(exchange);
        String value = family.header == null
                ? null
                : exchange.getRequest().getHeaders().getFirst(family.header);
        if (value != null) {
            return Mono.just(new PresentedCredential(byHeader.get(family.header), value, clients.of(exchange)));
        }
        if (session != null
                && family.acceptsSession()
                && exchange.getRequest().getCookies().containsKey(SessionConfiguration.COOKIE)) {
            return exchange.getSession()
                    .mapNotNull(stored -> stored.<String>getAttribute(CredentialKinds.SESSION_MERCHANT))
                    .map(merchantId -> new PresentedCredential(session, merchantId, clients.of(exchange)));
        }
        return Mono.empty();
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
