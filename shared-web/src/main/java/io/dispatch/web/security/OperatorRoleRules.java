package io.dispatch.web.security;

import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorRole;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.authorization.ReactiveAuthorizationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.web.server.authorization.AuthorizationContext;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Which operators may call an operator route (decisions.md section 16): an ADMIN any; a
 * DISPATCHER or an AUDITOR only a route whose handler names their role in {@link OperatorAccess}
 * (on the method, else on its controller). A route without it, or one served by anything but an
 * annotated handler method (the actuator on the API port), is ADMIN-only, so a new route is
 * closed until someone decides who else may call it. A path no handler serves, or one its handler
 * refuses (405, 415), is let through to the dispatcher's answer.
 *
 * <p>The handler is found the way the dispatcher will find it, from the same handler mappings, so
 * the rule cannot be read for another route than the one that runs.
 */
final class OperatorRoleRules implements ReactiveAuthorizationManager<AuthorizationContext> {

    private static final String OPERATOR = "ROLE_OPERATOR";

    private final Supplier<List<HandlerMapping>> mappings;

    OperatorRoleRules(Supplier<List<HandlerMapping>> mappings) {
        this.mappings = mappings;
    }

    @Override
    public Mono<AuthorizationResult> authorize(Mono<Authentication> authentication, AuthorizationContext context) {
        return authentication
                .filter(Authentication::isAuthenticated)
                .map(OperatorRoleRules::authorities)
                .filter(authorities -> authorities.contains(OPERATOR))
                .flatMap(authorities -> authorities.contains(OperatorRole.ADMIN.authority())
                        ? Mono.just(true)
                        : allowed(context.getExchange(), roleOf(authorities)))
                .defaultIfEmpty(false)
                .map(granted -> new AuthorizationDecision(granted));
    }

    private Mono<Boolean> allowed(ServerWebExchange exchange, OperatorRole role) {
        if (role == null) {
            return Mono.just(false);
        }
        return Flux.fromIterable(mappings.get())
                // a mapping that refuses the request (405, 415) leaves the answer to the dispatcher
                .concatMap(mapping -> mapping.getHandler(exchange).onErrorResume(refused -> Mono.empty()))
                .next()
                .map(handler -> handler instanceof HandlerMethod method && grants(method, role))
                .defaultIfEmpty(true);
    }

    private static boolean grants(HandlerMethod method, OperatorRole role) {
        OperatorAccess access = AnnotatedElementUtils.findMergedAnnotation(method.getMethod(), OperatorAccess.class);
        if (access == null) {
            access = AnnotatedElementUtils.findMergedAnnotation(method.getBeanType(), OperatorAccess.class);
        }
        return access != null && Arrays.asList(access.value()).contains(role);
    }

    private static Set<String> authorities(Authentication authentication) {
        return authentication.getAuthorities().stream()
                .map(GrantedAuthority::getAuthority)
                .collect(Collectors.toSet());
    }

    private static OperatorRole roleOf(Set<String> authorities) {
        return Arrays.stream(OperatorRole.values())
                .filter(role -> authorities.contains(role.authority()))
                .findFirst()
                .orElse(null);
    }
}
