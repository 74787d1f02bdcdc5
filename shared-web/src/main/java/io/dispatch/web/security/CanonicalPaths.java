package io.dispatch.web.security;

import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedException;
import org.springframework.security.web.server.firewall.ServerWebExchangeFirewall;
import org.springframework.security.web.server.firewall.StrictServerWebExchangeFirewall;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Refuses, before any routing or authentication, a request whose path can be read two ways.
 * Spring Security's {@link StrictServerWebExchangeFirewall} refuses {@code ;} parameters, encoded
 * slashes, backslashes, dots and percent signs, {@code //}, {@code .}/{@code ..} segments, NUL,
 * CR and LF; on top of it this refuses:
 *
 * <ul>
 *   <li>a percent-encoded character that never needs encoding (letters, digits, {@code - . _ ~}:
 *       RFC 3986 §2.3 says such URIs are equivalent to the decoded ones, so a client never needs
 *       them and only a walk-around uses them);
 *   <li>any other percent-encoded control character;
 *   <li>a body on GET or HEAD (Content-Length above 0, or any Transfer-Encoding), which a proxy
 *       in front may frame differently from us.
 * </ul>
 *
 * Rejections answer 400 VALIDATION_ERROR in the envelope ({@link SecurityAnswers}).
 */
final class CanonicalPaths implements ServerWebExchangeFirewall {

    private static final Pattern ENCODED_UNRESERVED =
            Pattern.compile("%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[Dd]|2[Ee]|5[Ff]|7[Ee])");
    private static final Pattern ENCODED_CONTROL = Pattern.compile("%(?:[01][0-9A-Fa-f]|7[Ff])");

    private final StrictServerWebExchangeFirewall strict = new StrictServerWebExchangeFirewall();

    @Override
    public Mono<ServerWebExchange> getFirewalledExchange(ServerWebExchange exchange) {
        return Mono.fromRunnable(() -> check(exchange.getRequest())).then(strict.getFirewalledExchange(exchange));
    }

    private static void check(ServerHttpRequest request) {
        String rawPath = request.getURI().getRawPath();
        if (rawPath != null && ENCODED_UNRESERVED.matcher(rawPath).find()) {
            throw new ServerExchangeRejectedException(
                    "The path percent-encodes a letter, digit or one of - . _ ~; send it unencoded");
        }
        if (rawPath != null && ENCODED_CONTROL.matcher(rawPath).find()) {
            throw new ServerExchangeRejectedException("The path holds an encoded control character");
        }
        HttpMethod method = request.getMethod();
        if ((method == HttpMethod.GET || method == HttpMethod.HEAD) && hasBody(request.getHeaders())) {
            throw new ServerExchangeRejectedException("A " + method.name() + " request must not have a body");
        }
    }

    private static boolean hasBody(HttpHeaders headers) {
        return headers.getContentLength() > 0 || headers.containsHeader(HttpHeaders.TRANSFER_ENCODING);
    }
}
