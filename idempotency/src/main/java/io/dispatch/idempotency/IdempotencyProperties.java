package io.dispatch.idempotency;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param ttl how long a stored answer is replayed, counted from the key's first use
 * @param inProgressTimeout after this long a claim whose request never finished (a crashed
 *     instance) is treated as abandoned and the next request with the key takes it over
 * @param cleanupInterval how often expired keys are deleted
 * @param cleanupBatchSize keys deleted per transaction, so a cleanup never holds many rows locked
 */
@ConfigurationProperties("dispatch.idempotency")
public record IdempotencyProperties(
        @DefaultValue("PT24H") Duration ttl,
        @DefaultValue("PT60S") Duration inProgressTimeout,
        @DefaultValue("PT5M") Duration cleanupInterval,
        @DefaultValue("500") Integer cleanupBatchSize) {

    public IdempotencyProperties {
        SettingChecks.positive("dispatch.idempotency.ttl", ttl);
        SettingChecks.positive("dispatch.idempotency.in-progress-timeout", inProgressTimeout);
        SettingChecks.positive("dispatch.idempotency.cleanup-interval", cleanupInterval);
        SettingChecks.atLeast("dispatch.idempotency.cleanup-batch-size", cleanupBatchSize, 1);
    }
}
