package io.dispatch.query.freshness;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.springframework.stereotype.Component;

/** {@code dispatch.projection.apply{view}}: the time one Kafka record takes to apply to a read model. */
@Component
public class ApplyTimer {

    private final MeterRegistry meters;

    public ApplyTimer(MeterRegistry meters) {
        this.meters = meters;
    }

    /**
     * Applies {@code events} events in one go (one transaction) and records each its share of the
     * time, so the timer's count stays the number of events and its sum the time spent.
     */
    public void timeEach(String view, int events, Runnable apply) {
        long started = System.nanoTime();
        apply.run();
        if (events > 0) {
            Timer timer = Timer.builder("dispatch.projection.apply")
                    .tag("view", view)
                    .description("Time to apply one event to a read model")
                    .register(meters);
            long share = (System.nanoTime() - started) / events;
            for (int i = 0; i < events; i++) {
                timer.record(share, java.util.concurrent.TimeUnit.NANOSECONDS);
            }
        }
    }

    public void time(String view, Runnable apply) {
        Timer.builder("dispatch.projection.apply")
                .tag("view", view)
                .description("Time to apply one event to a read model")
                .register(meters)
                .record(apply);
    }
}
