package io.dispatch.web.idempotency;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param ttl how long a stored answer is replayed, counted from the key's first use
 *     ({@code dispatch.idempotency.ttl}, default 24 hours)
 * @param inProgressTimeout after this long a claim whose request never finished (a crashed
 *     instance) is treated as abandoned and the next request with the key takes it over
 *     (default 60 s)
 * @param cleanupInterval how often expired keys are deleted (default 5 minutes)
 * @param cleanupBatchSize keys deleted per transaction (default 500), so a cleanup never holds many rows locked
 */
@ConfigurationProperties("dispatch.idempotency")
public record IdempotencyProperties(
    Duration ttl, Duration inProgressTimeout, Duration cleanupInterval, Integer cleanupBatchSize) {

  public IdempotencyProperties {
    if (ttl == null) {
      ttl = Duration.ofHours(24);
    }
    if (inProgressTimeout == null) {
      inProgressTimeout = Duration.ofSeconds(60);
    }
    if (cleanupInterval == null) {
      cleanupInterval = Duration.ofMinutes(5);
    }
    if (cleanupBatchSize == null) {
      cleanupBatchSize = 500;
    }
    if (cleanupBatchSize < 1) {
      throw new IllegalArgumentException("dispatch.idempotency.cleanup-batch-size must be positive, was "
          + cleanupBatchSize);
    }
  }
}
