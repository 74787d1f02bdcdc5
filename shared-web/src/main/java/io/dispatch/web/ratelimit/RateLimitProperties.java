package io.dispatch.web.ratelimit;

import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Requests allowed in each wall-clock minute, each at least 1.
 *
 * @param perMinute per API key over /api/v1/external
 * @param publicPerMinute per client IP over the public tracking routes
 * @param riderPerMinute per rider over /api/v1/rider
 * @param signInPerMinute per client IP over signup and sign-in together
 * @param integrationsPerMinute per client IP over the store webhook receivers, /api/v1/integrations
 * @param failedCredentialsPerMinute failed credential checks (API key, rider token, operator token,
 *     dashboard session) per client IP; beyond it every credential from that IP answers 429 until
 *     the minute ends
 * @param trackingStreamsPerClient tracking streams (/api/v1/track/:token/stream) one client IP may
 *     hold open at once on one instance; one more answers 429
 * @param cleanupInterval how often buckets of past minutes are deleted
 */
@ConfigurationProperties("dispatch.rate-limit")
public record RateLimitProperties(
        @DefaultValue("60") Integer perMinute,
        @DefaultValue("60") Integer publicPerMinute,
        @DefaultValue("120") Integer riderPerMinute,
        @DefaultValue("60") Integer signInPerMinute,
        @DefaultValue("300") Integer integrationsPerMinute,
        @DefaultValue("60") Integer failedCredentialsPerMinute,
        @DefaultValue("20") Integer trackingStreamsPerClient,
        @DefaultValue("PT1M") Duration cleanupInterval) {

    public RateLimitProperties {
        SettingChecks.atLeast("dispatch.rate-limit.per-minute", perMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.public-per-minute", publicPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.rider-per-minute", riderPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.sign-in-per-minute", signInPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.integrations-per-minute", integrationsPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.failed-credentials-per-minute", failedCredentialsPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.tracking-streams-per-client", trackingStreamsPerClient, 1);
        SettingChecks.positive("dispatch.rate-limit.cleanup-interval", cleanupInterval);
    }

    /** The figure per minute of one per-client-IP limit. */
    public int perMinute(ClientLimit limit) {
        return switch (limit) {
            case TRACKING -> publicPerMinute;
            case INTEGRATIONS -> integrationsPerMinute;
            case SIGN_IN -> signInPerMinute;
        };
    }
}
