package io.dispatch.web.identity;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/** Guards /api/v1/admin with the operator token from {@code dispatch.admin-token}. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class AdminAuthentication implements WebFilter {

  public static final String HEADER = "X-Admin-Token";
  private static final Logger log = LoggerFactory.getLogger(AdminAuthentication.class);

  private final byte[] token;

  public AdminAuthentication(IdentityProperties properties) {
    String configured = properties.adminToken();
    if (configured == null || configured.isBlank()) {
      configured = ApiKeys.newSecret();
      log.warn("No dispatch.admin-token configured; generated one for this run: {}", configured);
    }
    this.token = configured.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (!exchange.getRequest().getPath().value().startsWith("/api/v1/admin/")) {
      return chain.filter(exchange);
    }
    String presented = exchange.getRequest().getHeaders().getFirst(HEADER);
    if (presented == null || !MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8))) {
      return Mono.error(new ApiException(ErrorCode.UNAUTHORIZED, "Missing or wrong X-Admin-Token"));
    }
    return chain.filter(exchange);
  }
}
