package io.dispatch.web.security;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;

/** A dashboard session's signed-in merchant as the session store holds it, not yet checked. */
final class PresentedSession extends AbstractAuthenticationToken {

  private final String merchantId;

  PresentedSession(String merchantId) {
    super(List.of());
    this.merchantId = merchantId;
  }

  @Override
  public Object getCredentials() {
    return merchantId;
  }

  @Override
  public Object getPrincipal() {
    return merchantId;
  }
}
