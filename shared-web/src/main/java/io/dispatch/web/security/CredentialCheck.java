package io.dispatch.web.security;

import io.dispatch.web.identity.AdminAuthentication;
import io.dispatch.web.identity.ApiKeyAuthentication;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.RiderAuthentication;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.identity.SessionAuthentication;
import io.dispatch.web.session.SessionConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Reads the one credential header of the route's family (X-API-Key, X-Rider-Token or
 * X-Admin-Token; none for public routes) and checks it with the existing hashed, cached,
 * constant-time checks. A request without the header goes on unauthenticated, and the
 * authorization rules answer it 401; a wrong one is answered 401 here.
 *
 * <p>On the merchant routes without an X-API-Key, and on the dashboard's routes, the dashboard
 * session cookie stands in: the session's merchant gets both scopes and the {@link #SESSION}
 * authority, which the dashboard's routes demand (an API key cannot manage keys). The store is
 * read only when the cookie is there.
 */
public final class CredentialCheck implements ServerAuthenticationConverter, ReactiveAuthenticationManager {

  static final String SCOPE_PREFIX = "SCOPE_";
  static final String SESSION = "SESSION";

  private final ApiKeyAuthentication apiKeys;
  private final RiderAuthentication riders;
  private final AdminAuthentication operators;
  private final SessionAuthentication sessions;

  CredentialCheck(ApiKeyAuthentication apiKeys, RiderAuthentication riders, AdminAuthentication operators,
      SessionAuthentication sessions) {
    this.apiKeys = apiKeys;
    this.riders = riders;
    this.operators = operators;
    this.sessions = sessions;
  }

  @Override
  public Mono<Authentication> convert(ServerWebExchange exchange) {
    Family family = Family.of(exchange);
    String value = family.header == null ? null : exchange.getRequest().getHeaders().getFirst(family.header);
    if (value != null) {
      return Mono.just(new PresentedCredential(family, value));
    }
    if (family.acceptsSession() && exchange.getRequest().getCookies().containsKey(SessionConfiguration.COOKIE)) {
      return exchange.getSession()
          .mapNotNull(session -> session.<String>getAttribute(SessionAuthentication.MERCHANT))
          .map(PresentedSession::new);
    }
    return Mono.empty();
  }

  @Override
  public Mono<Authentication> authenticate(Authentication authentication) {
    if (authentication instanceof PresentedSession session) {
      return sessions.authenticate((String) session.getCredentials()).map(CredentialCheck::signedIn);
    }
    PresentedCredential presented = (PresentedCredential) authentication;
    String value = (String) presented.getCredentials();
    return switch (presented.family()) {
      case MERCHANT -> apiKeys.authenticate(value).map(CredentialCheck::merchant);
      case RIDER -> riders.authenticate(value).map(CredentialCheck::rider);
      case OPERATOR -> operators.authenticate(value).map(CredentialCheck::operator);
      case PUBLIC, DASHBOARD -> Mono.empty();
    };
  }

  private static Authentication merchant(MerchantPrincipal principal) {
    List<GrantedAuthority> authorities = new ArrayList<>();
    authorities.add(new SimpleGrantedAuthority("ROLE_MERCHANT"));
    for (Scope scope : principal.scopes()) {
      authorities.add(new SimpleGrantedAuthority(SCOPE_PREFIX + scope.wireName()));
    }
    return new DispatchAuthentication(principal, authorities);
  }

  private static Authentication signedIn(MerchantPrincipal principal) {
    Authentication merchant = merchant(principal);
    List<GrantedAuthority> authorities = new ArrayList<>(merchant.getAuthorities());
    authorities.add(new SimpleGrantedAuthority(SESSION));
    return new DispatchAuthentication(principal, authorities);
  }

  private static Authentication rider(RiderPrincipal principal) {
    return new DispatchAuthentication(principal, List.of(new SimpleGrantedAuthority("ROLE_RIDER")));
  }

  private static Authentication operator(OperatorPrincipal principal) {
    return new DispatchAuthentication(principal, List.of(new SimpleGrantedAuthority("ROLE_OPERATOR")));
  }
}
