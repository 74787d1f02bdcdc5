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

    /** The exchange attribute the security chain puts this principal under, for this resolver and the filters. */
    public static String attributeOf(Object principal) {
        String attribute = ATTRIBUTES.get(principal.getClass());
        if (attribute == null) {
            throw new IllegalStateException("Unknown principal " + principal.getClass());
        }
        return attribute;
    }

    /**
     * The principal of this type the security chain set on the exchange, if any: for a handler
     * that more than one kind of caller may reach (a proof photo: its merchant or an operator).
     */
    public static <T> java.util.Optional<T> find(ServerWebExchange exchange, Class<T> type) {
        String attribute = ATTRIBUTES.get(type);
        if (attribute == null) {
            throw new IllegalArgumentException("Not a principal: " + type);
        }
        return java.util.Optional.ofNullable(exchange.getAttribute(attribute)).map(type::cast);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return isPrincipal(parameter.getParameterType());
    }

    @Override
    public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext context, ServerWebExchange exchange) {
        Object principal = exchange.getAttribute(ATTRIBUTES.get(parameter.getParameterType()));
        if (principal == null) {
            return Mono.error(new ApiException(
                    ErrorCode.UNAUTHORIZED, "This route needs " + describe(parameter.getParameterType())));
        }
        return Mono.just(principal);
    }

    private static String describe(Class<?> type) {
        if (type == MerchantPrincipal.class) {
            return "an API key (" + CredentialKinds.API_KEY_HEADER + ")";
        }
        if (type == RiderPrincipal.class) {
            return "a rider token (" + CredentialKinds.RIDER_TOKEN_HEADER + ")";
        }
        return "the operator token (" + CredentialKinds.OPERATOR_TOKEN_HEADER + ")";
    }
}
