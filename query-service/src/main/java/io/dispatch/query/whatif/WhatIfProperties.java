package io.dispatch.query.whatif;

import io.dispatch.web.startup.InvalidSetting;
import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the console's what-if comparisons run ({@code dispatch.whatif.*}, docs/operating.md).
 *
 * @param maxQueued jobs an instance holds waiting behind the one it runs; one more answers 503
 * @param maxOrders a period with more orders than this is not simulated: the job fails, the instance is protected
 * @param readTimeout how long reading the period from Kafka may take
 * @param heartbeat how often the instance marks its open jobs as alive
 * @param abandonedAfter a QUEUED or RUNNING job whose heartbeat is older reads as FAILED: its instance stopped
 * @param seed the simulator's seed, the same for every job, so the same day compares the same way twice
 * @param keepFor a DONE or FAILED job, its result with it, is deleted this long after it finished (checked hourly)
 */
@ConfigurationProperties("dispatch.whatif")
public record WhatIfProperties(
        @DefaultValue("3") int maxQueued,
        @DefaultValue("20000") int maxOrders,
        @DefaultValue("PT2M") Duration readTimeout,
        @DefaultValue("PT15S") Duration heartbeat,
        @DefaultValue("PT1M") Duration abandonedAfter,
        @DefaultValue("1") long seed,
        @DefaultValue("P30D") Duration keepFor) {

    public WhatIfProperties {
        SettingChecks.within("dispatch.whatif.max-queued", maxQueued, 0, 100);
        SettingChecks.atLeast("dispatch.whatif.max-orders", maxOrders, 1);
        SettingChecks.positive("dispatch.whatif.read-timeout", readTimeout);
        SettingChecks.positive("dispatch.whatif.heartbeat", heartbeat);
        SettingChecks.positive("dispatch.whatif.abandoned-after", abandonedAfter);
        SettingChecks.positive("dispatch.whatif.keep-for", keepFor);
        if (heartbeat.multipliedBy(2).compareTo(abandonedAfter) > 0) {
            throw new InvalidSetting(
                    "dispatch.whatif.heartbeat",
                    "must be at most half of dispatch.whatif.abandoned-after (" + abandonedAfter + "), or a live "
                            + "job would read as abandoned; was " + heartbeat);
        }
    }
}
