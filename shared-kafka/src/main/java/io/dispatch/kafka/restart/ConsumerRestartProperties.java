package io.dispatch.kafka.restart;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a consumer that stopped on its own is brought back ({@link StoppedConsumerRestarts}).
 *
 * @param firstWait the wait before the first restart; it doubles with each restart of the same
 *     container inside {@code window}, up to {@code maxWait}
 * @param maxWait the longest wait between restarts
 * @param maxRestarts restarts of one container inside {@code window} after which the process
 *     reports itself broken (liveness DOWN), so that an orchestrator replaces it; restarts go on
 * @param window how far back restarts are counted
 */
@ConfigurationProperties("dispatch.kafka.consumer-restarts")
public record ConsumerRestartProperties(
        @DefaultValue("PT1S") Duration firstWait,
        @DefaultValue("PT30S") Duration maxWait,
        @DefaultValue("5") int maxRestarts,
        @DefaultValue("PT10M") Duration window) {

    public ConsumerRestartProperties {
        SettingChecks.positive("dispatch.kafka.consumer-restarts.first-wait", firstWait);
        SettingChecks.positive("dispatch.kafka.consumer-restarts.max-wait", maxWait);
        SettingChecks.atLeast("dispatch.kafka.consumer-restarts.max-restarts", maxRestarts, 1);
        SettingChecks.positive("dispatch.kafka.consumer-restarts.window", window);
    }
}
