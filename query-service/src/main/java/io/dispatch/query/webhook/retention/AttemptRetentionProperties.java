package io.dispatch.query.webhook.retention;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * query-service's share of {@code dispatch.webhook.retention.*} (the dispatcher reads the same
 * family for its notifications): how long a finished row of the webhook list,
 * {@code query.webhook_attempts}, is kept after its last change. PENDING rows are never deleted.
 *
 * @param attempts how long a SUCCEEDED or FAILED row is kept; unset: the longer of
 *     {@code succeeded} and {@code failed}, so the list never forgets a notification the
 *     dispatcher still keeps
 * @param succeeded the dispatcher's setting, read for the default of attempts
 * @param failed the dispatcher's setting, read for the default of attempts
 * @param cleanupInterval time between cleanup rounds
 * @param batchSize rows deleted per transaction
 */
@ConfigurationProperties("dispatch.webhook.retention")
public record AttemptRetentionProperties(
        Duration attempts,
        @DefaultValue("P7D") Duration succeeded,
        @DefaultValue("P30D") Duration failed,
        @DefaultValue("PT1M") Duration cleanupInterval,
        @DefaultValue("500") Integer batchSize) {

    public AttemptRetentionProperties {
        attempts = attempts == null ? (succeeded.compareTo(failed) > 0 ? succeeded : failed) : attempts;
        SettingChecks.positive("dispatch.webhook.retention.attempts", attempts);
        SettingChecks.positive("dispatch.webhook.retention.cleanup-interval", cleanupInterval);
        SettingChecks.within("dispatch.webhook.retention.batch-size", batchSize, 1, 10_000);
    }
}
