package io.dispatch.web.security;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;

/** A credential header as the client sent it, not yet checked. */
final class PresentedCredential extends AbstractAuthenticationToken {

  private final Family family;
  private final String value;

  PresentedCredential(Family family, String value) {
    super(List.of());
    this.family = family;
    this.value = value;
  }

  Family family() {
    return family;
  }

  @Override
  public Object getCredentials() {
    return value;
  }

  @Override
  public Object getPrincipal() {
    return family.name();
  }
}
