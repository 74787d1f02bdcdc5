package io.dispatch.webhook.retention;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code dispatch.webhook.retention.*}: how long finished notifications are kept (counted from
 * their last change) and how the cleanup deletes them. PENDING notifications are never deleted.
 * query-service reads {@code .attempts} from the same family for its webhook list.
 *
 * @param succeeded how long a SUCCEEDED notification is kept
 * @param failed how long a FAILED notification is kept
 * @param cleanupInterval time between cleanup rounds
 * @param batchSize rows deleted per transaction (1 to 10,000): each batch locks only its own rows, briefly
 */
@ConfigurationProperties("dispatch.webhook.retention")
public record RetentionProperties(
        @DefaultValue("P7D") Duration succeeded,
        @DefaultValue("P30D") Duration failed,
        @DefaultValue("PT1M") Duration cleanupInterval,
        @DefaultValue("500") Integer batchSize) {

    public RetentionProperties {
        SettingChecks.positive("dispatch.webhook.retention.succeeded", succeeded);
        SettingChecks.positive("dispatch.webhook.retention.failed", failed);
        SettingChecks.positive("dispatch.webhook.retention.cleanup-interval", cleanupInterval);
        SettingChecks.within("dispatch.webhook.retention.batch-size", batchSize, 1, 10_000);
    }
}
