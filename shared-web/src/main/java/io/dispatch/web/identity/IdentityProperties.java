package io.dispatch.web.identity;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param adminToken the operator token for /api/v1/admin (env DISPATCH_ADMIN_TOKEN); when blank,
 *     the operator API is closed (every request 401); the local run generates one and prints it
 * @param keyCacheTtl how long a looked-up API key is trusted before it is read again; bounds how
 *     fast a revocation or suspension reaches every instance
 */
@ConfigurationProperties("dispatch")
public record IdentityProperties(String adminToken, Duration keyCacheTtl) {

    public IdentityProperties {
        if (keyCacheTtl == null) {
            keyCacheTtl = Duration.ofSeconds(2);
        }
    }
}
