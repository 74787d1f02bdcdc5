package io.dispatch.webhook.delivery;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Isolation: resilience4j semaphore bulkheads, one over all attempts in flight in this process
 * and one per merchant endpoint. Nobody waits for a permit: a notification whose endpoint is
 * full is not even claimed ({@link #saturated()}), so a slow endpoint holds only its own slots
 * and the claim loop keeps serving everyone else.
 */
final class EndpointLanes {

  private final Bulkhead overall;
  private final BulkheadConfig perEndpoint;
  private final ConcurrentHashMap<UUID, Bulkhead> lanes = new ConcurrentHashMap<>();

  EndpointLanes(int maxInFlight, int maxInFlightPerEndpoint) {
    this.overall = Bulkhead.of("webhooks", config(maxInFlight));
    this.perEndpoint = config(maxInFlightPerEndpoint);
  }

  private static BulkheadConfig config(int permits) {
    return BulkheadConfig.custom().maxConcurrentCalls(permits).maxWaitDuration(Duration.ZERO).build();
  }

  /** A slot for one attempt to this merchant's endpoint, to be closed when the attempt is recorded. */
  Optional<Runnable> tryEnter(UUID merchantId) {
    if (!overall.tryAcquirePermission()) {
      return Optional.empty();
    }
    Bulkhead lane = lanes.computeIfAbsent(merchantId, id -> Bulkhead.of("webhooks-" + id, perEndpoint));
    if (!lane.tryAcquirePermission()) {
      overall.onComplete();
      return Optional.empty();
    }
    return Optional.of(() -> {
      lane.onComplete();
      overall.onComplete();
    });
  }

  int free() {
    return overall.getMetrics().getAvailableConcurrentCalls();
  }

  int inFlight() {
    return overall.getMetrics().getMaxAllowedConcurrentCalls() - free();
  }

  /** Merchants whose endpoint has no free slot now. */
  Set<UUID> saturated() {
    return lanes.entrySet().stream()
        .filter(lane -> lane.getValue().getMetrics().getAvailableConcurrentCalls() == 0)
        .map(java.util.Map.Entry::getKey)
        .collect(Collectors.toSet());
  }
}
