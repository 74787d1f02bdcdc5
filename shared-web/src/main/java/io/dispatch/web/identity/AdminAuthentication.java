package io.dispatch.web.identity;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Checks the operator token ({@code dispatch.admin-token}) in constant time. Called by the
 * security chain for /api/v1/admin and every path no other rule names.
 *
 * <p>With no token configured the operator API is closed: every operator request answers 401. No
 * token is generated here, so none can end up in a log; the local run generates one, keeps it in
 * its data directory and prints it on its console once.
 */
@Component
public class AdminAuthentication {

  public static final String HEADER = "X-Admin-Token";
  public static final String REJECTED = "Missing or wrong X-Admin-Token";
  private static final Logger log = LoggerFactory.getLogger(AdminAuthentication.class);

  private final byte[] token;

  public AdminAuthentication(IdentityProperties properties) {
    String configured = properties.adminToken();
    if (configured == null || configured.isBlank()) {
      log.warn("No dispatch.admin-token (DISPATCH_ADMIN_TOKEN) is configured: the operator API answers 401 "
          + "to every request until one is set");
      this.token = null;
    } else {
      this.token = configured.getBytes(StandardCharsets.UTF_8);
    }
  }

  /** The operator, or {@link CredentialRejected}. */
  public Mono<OperatorPrincipal> authenticate(String presented) {
    if (token == null || presented == null
        || !MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8))) {
      return Mono.error(new CredentialRejected(REJECTED));
    }
    return Mono.just(new OperatorPrincipal("operator"));
  }
}
