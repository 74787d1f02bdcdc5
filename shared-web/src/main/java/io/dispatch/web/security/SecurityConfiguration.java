package io.dispatch.web.security;

import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.identity.CredentialFailures;
import io.dispatch.web.identity.CredentialKind;
import io.dispatch.web.identity.CredentialKinds;
import io.dispatch.web.identity.Credentials;
import io.dispatch.web.identity.PrincipalArguments;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.request.ClientAddresses;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.WebFilterExchange;
import org.springframework.security.web.server.authentication.AuthenticationWebFilter;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.security.web.server.firewall.ServerWebExchangeFirewall;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;
import org.springframework.web.reactive.DispatcherHandler;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;
import reactor.core.publisher.Mono;

/**
 * The one security chain of every HTTP service (docs/security.md has its rules as a table). It
 * decides on the same normalised path the router routes by, behind a firewall that refuses paths
 * that can be read two ways; deny by default: a path no rule names needs an operator (the token or
 * a console session), and an operator's role must be granted the route ({@link OperatorRoleRules}).
 *
 * <p>Requests that a dashboard session cookie authenticates need a CSRF token on every
 * state-changing call ({@link SessionCsrf}); header-authenticated ones do not.
 *
 * <p>Which paths are public, session-only or a delivery's merchant's or an operator's is the process's
 * {@link RouteTable}: every service's families joined with the {@link ServedRoutes} of the modules
 * it hosts, so a path of a feature the process does not host falls to the operator rule.
 *
 * <p>The rate limits and idempotency run after it ({@link #AFTER_SECURITY}), on the same
 * normalised paths ({@link Routes}).
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
public class SecurityConfiguration {

    /** Spring Security's chain runs at order -100; filters that need its principal come after. */
    public static final int AFTER_SECURITY = -90;

    @Bean
    SecurityWebFilterChain dispatchSecurityChain(
            ServerHttpSecurity http,
            CredentialCheck credentials,
            RouteTable routes,
            ApiErrorHandler errors,
            ObjectProvider<DispatcherHandler> dispatcher,
            @Value("${management.server.port:}") String managementPort) {
        SecurityAnswers answers = new SecurityAnswers(errors, routes);
        AuthenticationWebFilter authentication = new AuthenticationWebFilter(credentials);
        authentication.setServerAuthenticationConverter(credentials);
        authentication.setAuthenticationFailureHandler(answers);
        authentication.setAuthenticationSuccessHandler(SecurityConfiguration::continueAs);
        authentication.setSecurityContextRepository(NoOpServerSecurityContextRepository.getInstance());

        return http.csrf(csrf -> csrf.requireCsrfProtectionMatcher(new SessionCsrf(routes)::needsToken)
                        .accessDeniedHandler(answers))
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .requestCache(ServerHttpSecurity.RequestCacheSpec::disable)
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .addFilterAt(authentication, SecurityWebFiltersOrder.AUTHENTICATION)
                .exceptionHandling(
                        handling -> handling.authenticationEntryPoint(answers).accessDeniedHandler(answers))
                .authorizeExchange(rules -> rules.matchers(routes.matcher(Family.PUBLIC))
                        .permitAll()
                        .matchers(onManagementPort(managementPort))
                        .permitAll()
                        .pathMatchers(HttpMethod.POST, Routes.PING)
                        .hasAuthority(Scope.READ.authority())
                        .pathMatchers(HttpMethod.GET, Routes.EXTERNAL)
                        .hasAuthority(Scope.READ.authority())
                        .pathMatchers(HttpMethod.HEAD, Routes.EXTERNAL)
                        .hasAuthority(Scope.READ.authority())
                        .pathMatchers(Routes.EXTERNAL)
                        .hasAuthority(Scope.WRITE.authority())
                        .pathMatchers(Routes.RIDER)
                        .hasRole("RIDER")
                        .matchers(routes.matcher(Family.DASHBOARD))
                        .hasAuthority(CredentialKinds.SESSION_AUTHORITY)
                        .matchers(routes.matcher(Family.MEDIA, HttpMethod.GET))
                        .hasAnyAuthority(Scope.READ.authority(), "ROLE_OPERATOR")
                        .matchers(routes.matcher(Family.MEDIA, HttpMethod.HEAD))
                        .hasAnyAuthority(Scope.READ.authority(), "ROLE_OPERATOR")
                        .anyExchange()
                        .access(new OperatorRoleRules(
                                () -> dispatcher.getObject().getHandlerMappings())))
                .build();
    }

    /**
     * Actuator routes on a separate management port ({@code management.server.port}, for
     * Prometheus; keep that port inside the cluster) need no credential; on the API port every
     * actuator route but health needs the operator token. Read with {@code @Value}: it is Spring's
     * key, and Boot registers {@code ManagementServerProperties} as a bean only when that port
     * differs from the API's.
     */
    private static ServerWebExchangeMatcher onManagementPort(String managementPort) {
        if (managementPort == null || managementPort.isBlank()) {
            return exchange -> ServerWebExchangeMatcher.MatchResult.notMatch();
        }
        int port = Integer.parseInt(managementPort.trim());
        ServerWebExchangeMatcher actuator = ServerWebExchangeMatchers.pathMatchers("/actuator", "/actuator/**");
        return exchange -> {
            var local = exchange.getRequest().getLocalAddress();
            return local != null && local.getPort() == port
                    ? actuator.matches(exchange)
                    : ServerWebExchangeMatcher.MatchResult.notMatch();
        };
    }

    /** Puts the checked principal where handlers and the later filters read it, then goes on. */
    private static Mono<Void> continueAs(WebFilterExchange filterExchange, Authentication authentication) {
        Object principal = authentication.getPrincipal();
        var exchange = filterExchange.getExchange();
        exchange.getAttributes().put(PrincipalArguments.attributeOf(principal), principal);
        return filterExchange.getChain().filter(exchange);
    }

    /**
     * The one authentication manager; declared as a bean so Boot does not add its in-memory user
     * (and log its generated password).
     */
    @Bean
    CredentialCheck credentialCheck(
            Credentials credentials,
            RouteTable routes,
            List<CredentialKind<?>> kinds,
            ClientAddresses clients,
            CredentialFailures failures) {
        return new CredentialCheck(credentials, routes, kinds, clients, failures);
    }

    /** The route families of this process: every service's and those of the modules it hosts. */
    @Bean
    RouteTable routeTable(ObjectProvider<ServedRoutes> served) {
        return RouteTable.of(served.orderedStream().toList());
    }

    /**
     * No Spring Security observations: with an observation registry present it wraps every filter of the chain, the
     * authentication and the authorization in an observation of its own (about 1 % of a create's Java CPU, ADR 0060),
     * and nothing reads them. A request is still observed once, as {@code http.server.requests}.
     */
    @Bean
    SecurityObservationSettings noSecurityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    ServerWebExchangeFirewall canonicalPaths() {
        return new CanonicalPaths();
    }

    @Bean
    ServerExchangeRejectedHandler canonicalPathRejections(ApiErrorHandler errors, RouteTable routes) {
        return new SecurityAnswers(errors, routes);
    }

    /** Handlers take their principal as a parameter and fail closed (401) without one. */
    @Bean
    WebFluxConfigurer principalArguments() {
        return new WebFluxConfigurer() {
            @Override
            public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
                configurer.addCustomResolver(new PrincipalArguments());
            }
        };
    }
}
