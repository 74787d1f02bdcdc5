package io.dispatch.command.pricing;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param refreshInterval how often the zones and pricing are read again, so that an operator's
 *     change on another instance is seen here
 */
@ConfigurationProperties("dispatch.pricing")
public record PricingProperties(@DefaultValue("PT5S") Duration refreshInterval) {

    public PricingProperties {
        SettingChecks.positive("dispatch.pricing.refresh-interval", refreshInterval);
    }
}
