package io.dispatch.engine.loop;

import io.dispatch.engine.command.CommandDecisions;
import io.dispatch.policy.core.Decision;
import io.dispatch.policy.core.WaitingDelivery;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's figures: decisions by type and outcome, the latency from a record's arrival to its
 * decision stored by the aggregate (what an operator watches: "event in to offer out"), the
 * deliveries waiting and the offers open, and whether this instance leads.
 */
public final class EngineMetrics {

    private final MeterRegistry registry;
    private final Timer latency;
    private final Timer decideLatency;
    private final Counter received;
    private final Counter dropped;
    private final Timer reoptimize;
    private final AtomicLong waiting = new AtomicLong();
    private final AtomicLong openOffers = new AtomicLong();
    private final AtomicLong leading = new AtomicLong();

    public EngineMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.latency = Timer.builder("dispatch.engine.decision.latency")
                .description("From a record's arrival at the engine to its decision stored by the aggregate")
                .publishPercentiles(0.5, 0.9, 0.99)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(10))
                .register(registry);
        this.decideLatency = Timer.builder("dispatch.engine.decide.latency")
                .description("From a record's arrival at the engine to the decision made, before it is sent")
                .publishPercentiles(0.5, 0.9, 0.99)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(10_000))
                .maximumExpectedValue(Duration.ofSeconds(10))
                .register(registry);
        this.received = Counter.builder("dispatch.engine.records")
                .description("Records of the log the engine applied")
                .register(registry);
        this.dropped = Counter.builder("dispatch.engine.decisions.dropped")
                .description("Decisions not sent: a stand-by's, or made while the log was replayed at start")
                .register(registry);
        this.reoptimize = Timer.builder("dispatch.engine.routes.reoptimize")
                .description("How long the route planner's background improvement of one zone's routes took")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        registry.gauge("dispatch.engine.waiting", waiting);
        registry.gauge("dispatch.engine.offers.open", openOffers);
        registry.gauge("dispatch.engine.leading", leading);
    }

    void received(int records) {
        received.increment(records);
    }

    /** A decision out of the core, {@code nanos} after its record reached the engine. */
    void made(Decision decision, long nanos) {
        if (decision instanceof Decision.Offer || decision instanceof Decision.AutoAssign) {
            decideLatency.record(Duration.ofNanos(nanos));
        }
    }

    void reoptimized(long nanos) {
        reoptimize.record(Duration.ofNanos(nanos));
    }

    void dropped(int decisions) {
        dropped.increment(decisions);
    }

    void leading(boolean now) {
        leading.set(now ? 1 : 0);
    }

    void state(List<WaitingDelivery> waitingNow) {
        waiting.set(waitingNow.size());
        openOffers.set(
                waitingNow.stream().mapToLong(WaitingDelivery::openOffers).sum());
    }

    void decided(Decision decision, CommandDecisions.Outcome outcome, long nanos) {
        String type = switch (decision) {
            case Decision.Offer offer -> "offer";
            case Decision.AutoAssign assign -> "auto_assign";
            case Decision.NoRider none -> "no_rider";
            case Decision.Expire expire -> "expire";
            case Decision.Withdraw withdraw -> "withdraw";
            case Decision.Plan plan -> "plan";
            case Decision.Reassign reassign -> "reassign";
        };
        Counter.builder("dispatch.engine.decisions")
                .description("Decisions sent to the aggregate, by type and outcome")
                .tag("type", type)
                .tag("outcome", outcome.name().toLowerCase(java.util.Locale.ROOT))
                .register(registry)
                .increment();
        if (outcome == CommandDecisions.Outcome.STORED
                && (decision instanceof Decision.Offer || decision instanceof Decision.AutoAssign)) {
            latency.record(Duration.ofNanos(nanos));
        }
    }
}
