package io.dispatch.web.identity;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.util.Map;
import org.springframework.core.MethodParameter;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Hands a handler its {@link MerchantPrincipal}, {@link RiderPrincipal} or {@link OperatorPrincipal}
 * as a plain parameter. A handler that declares one demands it: when the security chain did not
 * set it (a route it failed to guard), the request answers 401 UNAUTHORIZED and the handler never
 * runs. This is the second lock behind the chain, so a mistake there fails closed.
 */
public final class PrincipalArguments implements HandlerMethodArgumentResolver {

  private static final Map<Class<?>, String> ATTRIBUTES = Map.of(
      MerchantPrincipal.class, MerchantPrincipal.ATTRIBUTE,
      RiderPrincipal.class, RiderPrincipal.ATTRIBUTE,
      OperatorPrincipal.class, OperatorPrincipal.ATTRIBUTE);

  public static boolean isPrincipal(Class<?> type) {
    return ATTRIBUTES.containsKey(type);
  }

  @Override
  public boolean supportsParameter(MethodParameter parameter) {
    return isPrincipal(parameter.getParameterType());
  }

  @Override
  public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext context, ServerWebExchange exchange) {
    Object principal = exchange.getAttribute(ATTRIBUTES.get(parameter.getParameterType()));
    if (principal == null) {
      return Mono.error(new ApiException(ErrorCode.UNAUTHORIZED,
          "This route needs " + describe(parameter.getParameterType())));
    }
    return Mono.just(principal);
  }

  private static String describe(Class<?> type) {
    if (type == MerchantPrincipal.class) {
      return "an API key (X-API-Key)";
    }
    if (type == RiderPrincipal.class) {
      return "a rider token (X-Rider-Token)";
    }
    return "the operator token (X-Admin-Token)";
  }
}
