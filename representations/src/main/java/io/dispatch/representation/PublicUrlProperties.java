package io.dispatch.representation;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code dispatch.public-base-url}: a top-level setting, so its prefix is {@code dispatch} alone,
 * shared with the identity settings (IdentityProperties).
 *
 * @param publicBaseUrl where customers and merchants reach this service from outside; unset, it is
 *     {@code http://localhost:<server.port>} ({@link PublicUrls})
 */
@ConfigurationProperties("dispatch")
public record PublicUrlProperties(String publicBaseUrl) {}
