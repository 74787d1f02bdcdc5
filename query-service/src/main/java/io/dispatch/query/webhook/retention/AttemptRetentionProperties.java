package io.dispatch.query.webhook.retention;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * query-service's share of {@code dispatch.webhook.retention.*} (the dispatcher reads the same
 * family for its notifications): how long a finished row of the webhook list,
 * {@code query.webhook_attempts}, is kept after its last change. PENDING rows are never deleted.
 *
 * @param attempts how long a SUCCEEDED or FAILED row is kept; unset: the longer of
 *     {@code succeeded} and {@code failed}, so the list never forgets a notification the
 *     dispatcher still keeps
 * @param succeeded the dispatcher's setting (default 7 days), read for the default of attempts
 * @param failed the dispatcher's setting (default 30 days), read for the default of attempts
 * @param cleanupInterval time between cleanup rounds (default 1 minute)
 * @param batchSize rows deleted per transaction (default 500)
 */
@ConfigurationProperties("dispatch.webhook.retention")
public record AttemptRetentionProperties(
    Duration attempts, Duration succeeded, Duration failed, Duration cleanupInterval, Integer batchSize) {

  public AttemptRetentionProperties {
    succeeded = succeeded == null ? Duration.ofDays(7) : succeeded;
    failed = failed == null ? Duration.ofDays(30) : failed;
    attempts = attempts == null ? (succeeded.compareTo(failed) > 0 ? succeeded : failed) : attempts;
    cleanupInterval = cleanupInterval == null ? Duration.ofMinutes(1) : cleanupInterval;
    batchSize = batchSize == null ? 500 : batchSize;
    if (attempts.isNegative() || attempts.isZero() || batchSize < 1 || batchSize > 10_000) {
      throw new IllegalArgumentException("dispatch.webhook.retention.attempts must be positive and batch-size 1 to "
          + "10000; were " + attempts + " and " + batchSize);
    }
  }
}
