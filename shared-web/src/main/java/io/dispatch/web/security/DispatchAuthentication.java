package io.dispatch.web.security;

import java.util.Collection;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;

/**
 * A checked credential: its principal ({@code MerchantPrincipal}, {@code RiderPrincipal} or
 * {@code OperatorPrincipal}) and what it may do ({@code ROLE_MERCHANT} with {@code SCOPE_read} /
 * {@code SCOPE_write}, {@code ROLE_RIDER}, {@code ROLE_OPERATOR}).
 */
final class DispatchAuthentication extends AbstractAuthenticationToken {

  private final Object principal;

  DispatchAuthentication(Object principal, Collection<? extends GrantedAuthority> authorities) {
    super(authorities);
    this.principal = principal;
    setAuthenticated(true);
  }

  @Override
  public Object getCredentials() {
    return "";
  }

  @Override
  public Object getPrincipal() {
    return principal;
  }
}
