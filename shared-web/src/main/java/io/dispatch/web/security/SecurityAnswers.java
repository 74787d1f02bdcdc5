package io.dispatch.web.security;

import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.request.RequestIds;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authentication.ServerAuthenticationFailureHandler;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.security.web.server.csrf.CsrfException;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedException;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The chain's answers, in the contract's envelope through the one {@link ApiErrorHandler}: 400 for
 * a path the firewall refuses, 401 UNAUTHORIZED for a missing or wrong credential (the message
 * names the header the route wants), 429 RATE_LIMITED with Retry-After for a credential from a
 * client address over its limit of failed checks, 403 FORBIDDEN for a key without the route's scope or a
 * session request without its CSRF token.
 */
final class SecurityAnswers
        implements ServerAuthenticationEntryPoint,
                ServerAuthenticationFailureHandler,
                ServerAccessDeniedHandler,
                ServerExchangeRejectedHandler {

    private static final Logger log = LoggerFactory.getLogger(SecurityAnswers.class);
    private static final Pattern HEADER_VALUE = Pattern.compile("has a value \".*\" that", Pattern.DOTALL);

    private final ApiErrorHandler errors;
    private final RouteTable routes;

    SecurityAnswers(ApiErrorHandler errors, RouteTable routes) {
        this.errors = errors;
        this.routes = routes;
    }

    /** No credential on a route that needs one. */
    @Override
    public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException cause) {
        Family family = routes.familyOf(exchange);
        String message = family.missing == null ? "Unauthorized" : family.missing;
        return errors.handle(exchange, new ApiException(ErrorCode.UNAUTHORIZED, message));
    }

    /** A credential that is not valid. */
    @Override
    public Mono<Void> onAuthenticationFailure(
            org.springframework.security.web.server.WebFilterExchange filterExchange, AuthenticationException cause) {
        if (cause instanceof TooManyFailedCredentials tooMany) {
            filterExchange
                    .getExchange()
                    .getResponse()
                    .getHeaders()
                    .set(HttpHeaders.RETRY_AFTER, Long.toString(tooMany.retryAfterSeconds()));
            return errors.handle(
                    filterExchange.getExchange(),
                    new ApiException(
                            ErrorCode.RATE_LIMITED,
                            cause.getMessage(),
                            Map.of("limit", tooMany.limit(), "retryAfterSeconds", tooMany.retryAfterSeconds())));
        }
        return errors.handle(
                filterExchange.getExchange(), new ApiException(ErrorCode.UNAUTHORIZED, cause.getMessage()));
    }

    /** A valid credential that may not do this. */
    @Override
    public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
        if (denied instanceof CsrfException) {
            return errors.handle(
                    exchange,
                    new ApiException(
                            ErrorCode.FORBIDDEN,
                            "Missing or invalid CSRF token: send the X-CSRF-TOKEN header that GET /api/v1/dashboard/me gives"));
        }
        Object merchant = exchange.getAttribute(MerchantPrincipal.ATTRIBUTE);
        String message = merchant != null
                ? "This API key lacks the '" + neededScope(exchange) + "' scope"
                : "This credential may not use this route";
        return errors.handle(exchange, new ApiException(ErrorCode.FORBIDDEN, message));
    }

    /** The firewall refused the request line or headers. */
    @Override
    public Mono<Void> handle(ServerWebExchange exchange, ServerExchangeRejectedException rejected) {
        String reason = withoutHeaderValue(rejected.getMessage());
        log.info(
                "Refused a non-canonical request (requestId={}): {} {}: {}",
                RequestIds.of(exchange),
                exchange.getRequest().getMethod(),
                exchange.getRequest().getURI().getRawPath(),
                reason);
        return errors.handle(
                exchange,
                new ApiException(
                        ErrorCode.VALIDATION_ERROR,
                        HttpStatus.BAD_REQUEST,
                        "The request is not in canonical form: " + reason,
                        Map.of("fieldErrors", Map.of(partOf(rejected), List.of(reason)))));
    }

    /**
     * The firewall's reason without the refused header's value. Spring's message quotes the whole
     * value ({@code the header: "X-API-Key" has a value "<key>" that is not allowed}), and the value
     * of a credential header is a secret: an API key pasted with a stray control character would
     * otherwise be logged whole.
     */
    static String withoutHeaderValue(String message) {
        return message == null ? null : HEADER_VALUE.matcher(message).replaceAll("has a value that");
    }

    /** Which part of the request the firewall refused: a header, the method, else the path. */
    private static String partOf(ServerExchangeRejectedException rejected) {
        String message = String.valueOf(rejected.getMessage()).toLowerCase(java.util.Locale.ROOT);
        if (message.contains("header")) {
            return "headers";
        }
        if (message.contains("method")) {
            return "method";
        }
        return message.contains("body") ? "body" : "path";
    }

    static String neededScope(ServerWebExchange exchange) {
        HttpMethod method = exchange.getRequest().getMethod();
        return method == HttpMethod.GET || method == HttpMethod.HEAD ? "read" : "write";
    }
}
