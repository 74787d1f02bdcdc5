package io.dispatch.command.rider;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param minInterval at most one {@code dispatch.location_updated} per rider per interval (every
 *     fix still reaches tracking); zero makes every fix an event
 */
@ConfigurationProperties("dispatch.location")
public record LocationProperties(@DefaultValue("PT20S") Duration minInterval) {

    public LocationProperties {
        SettingChecks.notNegative("dispatch.location.min-interval", minInterval);
    }
}
