package io.dispatch.web.request;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param trustedProxies addresses or CIDR ranges of the proxies (the nginx front) whose
 *     {@code X-Forwarded-For} names the client ({@link ClientAddresses}); none by default, and a
 *     malformed entry stops the start
 */
@ConfigurationProperties("dispatch.web")
public record ClientAddressProperties(@DefaultValue List<String> trustedProxies) {}
