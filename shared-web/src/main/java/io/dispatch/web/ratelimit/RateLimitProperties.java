package io.dispatch.web.ratelimit;

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
 * @param cleanupInterval how often buckets of past minutes are deleted
 */
@ConfigurationProperties("dispatch.rate-limit")
public record RateLimitProperties(
        @DefaultValue("60") Integer perMinute,
        @DefaultValue("60") Integer publicPerMinute,
        @DefaultValue("120") Integer riderPerMinute,
        @DefaultValue("60") Integer signInPerMinute,
        @DefaultValue("300") Integer integrationsPerMinute,
        @DefaultValue("PT1M") Duration cleanupInterval) {

    public RateLimitProperties {
        SettingChecks.atLeast("dispatch.rate-limit.per-minute", perMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.public-per-minute", publicPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.rider-per-minute", riderPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.sign-in-per-minute", signInPerMinute, 1);
        SettingChecks.atLeast("dispatch.rate-limit.integrations-per-minute", integrationsPerMinute, 1);
        SettingChecks.positive("dispatch.rate-limit.cleanup-interval", cleanupInterval);
    }
}
