package io.dispatch.web.security;

import io.dispatch.web.identity.AdminAuthentication;
import io.dispatch.web.identity.ApiKeyAuthentication;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.RiderAuthentication;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.identity.Scope;
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
 */
public final class CredentialCheck implements ServerAuthenticationConverter, ReactiveAuthenticationManager {

  static final String SCOPE_PREFIX = "SCOPE_";

  private final ApiKeyAuthentication apiKeys;
  private final RiderAuthentication riders;
  private final AdminAuthentication operators;

  CredentialCheck(ApiKeyAuthentication apiKeys, RiderAuthentication riders, AdminAuthentication operators) {
    this.apiKeys = apiKeys;
    this.riders = riders;
    this.operators = operators;
  }

  @Override
  public Mono<Authentication> convert(ServerWebExchange exchange) {
    Family family = Family.of(exchange);
    if (family.header == null) {
      return Mono.empty();
    }
    String value = exchange.getRequest().getHeaders().getFirst(family.header);
    return value == null ? Mono.empty() : Mono.just(new PresentedCredential(family, value));
  }

  @Override
  public Mono<Authentication> authenticate(Authentication authentication) {
    PresentedCredential presented = (PresentedCredential) authentication;
    String value = (String) presented.getCredentials();
    return switch (presented.family()) {
      case MERCHANT -> apiKeys.authenticate(value).map(CredentialCheck::merchant);
      case RIDER -> riders.authenticate(value).map(CredentialCheck::rider);
      case OPERATOR -> operators.authenticate(value).map(CredentialCheck::operator);
      case PUBLIC -> Mono.empty();
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

  private static Authentication rider(RiderPrincipal principal) {
    return new DispatchAuthentication(principal, List.of(new SimpleGrantedAuthority("ROLE_RIDER")));
  }

  private static Authentication operator(OperatorPrincipal principal) {
    return new DispatchAuthentication(principal, List.of(new SimpleGrantedAuthority("ROLE_OPERATOR")));
  }
}
