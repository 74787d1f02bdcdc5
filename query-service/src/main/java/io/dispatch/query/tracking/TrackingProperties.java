package io.dispatch.query.tracking;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param heartbeat how often a comment line is sent on an idle tracking stream, so that proxies
 *     and browsers keep it open
 */
@ConfigurationProperties("dispatch.tracking")
public record TrackingProperties(@DefaultValue("PT15S") Duration heartbeat) {

    public TrackingProperties {
        SettingChecks.positive("dispatch.tracking.heartbeat", heartbeat);
    }
}
