package io.dispatch.webhook.retention;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code dispatch.webhook.retention.*}: how long finished notifications are kept (counted from
 * their last change) and how the cleanup deletes them. PENDING notifications are never deleted.
 * query-service reads {@code .attempts} from the same family for its webhook list.
 *
 * @param succeeded how long a SUCCEEDED notification is kept (default 7 days)
 * @param failed how long a FAILED notification is kept (default 30 days)
 * @param cleanupInterval time between cleanup rounds (default 1 minute)
 * @param batchSize rows deleted per transaction (default 500): each batch locks only its own rows, briefly
 */
@ConfigurationProperties("dispatch.webhook.retention")
public record RetentionProperties(Duration succeeded, Duration failed, Duration cleanupInterval, Integer batchSize) {

  public RetentionProperties {
    succeeded = positive(succeeded, Duration.ofDays(7), "succeeded");
    failed = positive(failed, Duration.ofDays(30), "failed");
    cleanupInterval = positive(cleanupInterval, Duration.ofMinutes(1), "cleanup-interval");
    batchSize = batchSize == null ? 500 : batchSize;
    if (batchSize < 1 || batchSize > 10_000) {
      throw new IllegalArgumentException("dispatch.webhook.retention.batch-size must be 1 to 10000, was " + batchSize);
    }
  }

  private static Duration positive(Duration value, Duration fallback, String name) {
    if (value == null) {
      return fallback;
    }
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException("dispatch.webhook.retention." + name + " must be positive, was " + value);
    }
    return value;
  }
}
