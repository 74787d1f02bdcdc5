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

  public void time(String view, Runnable apply) {
    Timer.builder("dispatch.projection.apply").tag("view", view)
        .description("Time to apply one event to a read model").register(meters)
        .record(apply);
  }
}
