package io.dispatch.web.security;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.session.DashboardProperties;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;

/**
 * {@code dispatch.dashboard.signup-enabled=false} closes public signup (decisions.md section 13):
 * {@code /api/v1/auth/signup} then answers 404 {@code NOT_FOUND}, word for word the answer of a
 * route that does not exist, so a closed deployment does not advertise a signup it refuses.
 * Sign-in and sign-out are untouched. Runs after the per-address limit of these routes, which
 * still counts the attempt.
 */
@Component
@Order(SecurityConfiguration.AFTER_SECURITY + 20)
public class SignupSwitch implements WebFilter {

    static final String SIGNUP = "/api/v1/auth/signup";
    private static final PathPattern SIGNUP_ROUTE = Routes.pattern(SIGNUP);

    private final boolean enabled;

    public SignupSwitch(DashboardProperties dashboard) {
        this.enabled = dashboard.signupEnabled();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (enabled || !Routes.matches(SIGNUP_ROUTE, exchange)) {
            return chain.filter(exchange);
        }
        return Mono.error(new ApiException(ErrorCode.NOT_FOUND, "No such resource"));
    }
}
