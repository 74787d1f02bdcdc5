package io.dispatch.webhook.sending;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.AIMDLimit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Isolation and back-pressure. A resilience4j semaphore bulkhead bounds all attempts in flight
 * in this process; each merchant endpoint has its own lane, a Netflix concurrency-limits
 * {@link SimpleLimiter} over an {@link AIMDLimit}: it starts at {@code max-in-flight-per-endpoint},
 * halves on every 429 the endpoint answers (down to one attempt at a time) and widens by one on
 * each success while the lane is at least half full (a backlog), back up to that maximum; a lane
 * with little to send stays as it is until it has. Other merchants' lanes are untouched.
 * Nobody waits for a permit: a claim takes no more of an endpoint's notifications than its lane
 * has free slots ({@link #freeSlots()}), none of a full one, so a slow or throttling endpoint holds only its own slots and the
 * claim loop keeps serving everyone else. A lane's width lives in this process: each dispatcher
 * instance adapts on its own.
 */
final class EndpointLanes {

    /** What an attempt's answer tells its lane. */
    enum Signal {
        /** 2xx: the endpoint keeps up. */
        SUCCEEDED,
        /** 429: the endpoint asks us to slow down. */
        THROTTLED,
        /** Anything else: no news about its capacity. */
        OTHER
    }

    /** An attempt's place in its lane; closed once the attempt is recorded. */
    interface Slot {
        void close(Signal signal);
    }

    private final Bulkhead overall;
    private final int widest;
    private final Map<UUID, SimpleLimiter<Void>> lanes = new ConcurrentHashMap<>();

    EndpointLanes(int maxInFlight, int maxInFlightPerEndpoint) {
        this.overall = Bulkhead.of(
                "webhooks",
                BulkheadConfig.custom()
                        .maxConcurrentCalls(maxInFlight)
                        .maxWaitDuration(Duration.ZERO)
                        .build());
        this.widest = maxInFlightPerEndpoint;
    }

    private SimpleLimiter<Void> lane(UUID merchantId) {
        return lanes.computeIfAbsent(
                merchantId,
                id -> SimpleLimiter.newBuilder()
                        .named("webhooks-" + id)
                        .limit(AIMDLimit.newBuilder()
                                .initialLimit(widest)
                                .maxLimit(widest)
                                .minLimit(1)
                                .backoffRatio(0.5)
                                // only a 429 narrows a lane: an answer is never "too slow" here (the response timeout
                                // bounds it)
                                .timeout(1, TimeUnit.DAYS)
                                .build())
                        .build());
    }

    /** A slot for one attempt to this merchant's endpoint, or empty when its lane or the process is full. */
    Optional<Slot> tryEnter(UUID merchantId) {
        if (!overall.tryAcquirePermission()) {
            return Optional.empty();
        }
        Optional<Limiter.Listener> entered = lane(merchantId).acquire(null);
        if (entered.isEmpty()) {
            overall.onComplete();
            return Optional.empty();
        }
        Limiter.Listener listener = entered.get();
        return Optional.of(signal -> {
            switch (signal) {
                case SUCCEEDED -> listener.onSuccess();
                case THROTTLED -> listener.onDropped();
                case OTHER -> listener.onIgnore();
            }
            overall.onComplete();
        });
    }

    /** How many attempts this endpoint may have in flight now. */
    int width(UUID merchantId) {
        SimpleLimiter<Void> lane = lanes.get(merchantId);
        return lane == null ? widest : lane.getLimit();
    }

    /** Endpoints whose lane is narrower than the maximum now (they answered 429 lately). */
    long narrowed() {
        return lanes.values().stream().filter(lane -> lane.getLimit() < widest).count();
    }

    int free() {
        return overall.getMetrics().getAvailableConcurrentCalls();
    }

    int inFlight() {
        return overall.getMetrics().getMaxAllowedConcurrentCalls() - free();
    }

    /**
     * Free slots now of every endpoint with fewer than {@link #widest()} (zero when its lane is
     * full); any other endpoint, with or without a lane here, has {@link #widest()} free.
     */
    Map<UUID, Integer> freeSlots() {
        return lanes.entrySet().stream()
                .filter(lane -> lane.getValue().getLimit() - lane.getValue().getInflight() < widest)
                .collect(Collectors.toMap(
                        Map.Entry::getKey,
                        lane -> Math.max(
                                0, lane.getValue().getLimit() - lane.getValue().getInflight())));
    }

    /** The free slots of an endpoint that has no lane here yet. */
    int widest() {
        return widest;
    }
}
