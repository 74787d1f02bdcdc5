package io.dispatch.query.decision.projection;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The operator's figures (GET /api/v1/admin/dispatch/stats) as Prometheus metrics, counted as the
 * live decisions projection applies events: {@code dispatch_dispatches_created_total}, {@code
 * dispatch_offers_total{outcome}} (made, accepted, declined, expired, withdrawn, taken), {@code
 * dispatch_assigned_total} and {@code dispatch_time_to_assign_seconds} (a histogram; each delivery's
 * first assignment), {@code dispatch_no_rider_total{reason}} (each delivery's first "nobody
 * eligible"). A rebuild never counts. Nor does an event older than {@link #LIVE}: a consumer that
 * starts its group from the beginning of the log (the first deployment of this projection, or a
 * reset group) replays the past, which a counter of what happens now must not take as a burst.
 */
@Component
public class DecisionMetrics {

    static final Duration LIVE = Duration.ofMinutes(15);

    private final MeterRegistry meters;
    private final Clock clock;
    private final Counter created;
    private final Counter assigned;
    private final Timer timeToAssign;

    public DecisionMetrics(MeterRegistry meters, Clock clock) {
        this.meters = meters;
        this.clock = clock;
        this.created = Counter.builder("dispatch.dispatches.created")
                .description("Deliveries created (as the decisions projection applied them)")
                .register(meters);
        this.assigned = Counter.builder("dispatch.assigned")
                .description("Deliveries assigned to a rider for the first time")
                .register(meters);
        this.timeToAssign = Timer.builder("dispatch.time.to.assign")
                .description("From a delivery's creation to its first assignment")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofSeconds(1))
                .maximumExpectedValue(Duration.ofHours(2))
                .register(meters);
    }

    /** Counts the outcomes of events that happened within {@link #LIVE} of now. */
    public void count(List<DecisionOutcome> outcomes) {
        var oldest = clock.instant().minus(LIVE);
        for (DecisionOutcome outcome : outcomes) {
            if (outcome.occurredAt().isBefore(oldest)) {
                continue;
            }
            switch (outcome.kind()) {
                case CREATED -> created.increment();
                case OFFER ->
                    Counter.builder("dispatch.offers")
                            .description("Offers to riders, by outcome: made, then how each ended")
                            .tag("outcome", outcome.label())
                            .register(meters)
                            .increment();
                case ASSIGNED -> {
                    assigned.increment();
                    timeToAssign.record(outcome.timeToAssign().isNegative() ? Duration.ZERO : outcome.timeToAssign());
                }
                case NO_RIDER ->
                    Counter.builder("dispatch.no.rider")
                            .description("Deliveries the engine found nobody for (the first time), by reason")
                            .tag("reason", String.valueOf(outcome.label()))
                            .register(meters)
                            .increment();
            }
        }
    }
}
