package io.dispatch.query.freshness;

import io.dispatch.events.EventEnvelope;
import io.dispatch.web.kafka.recovery.RecoverableConsumer;
import java.time.Duration;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * A projection that stores its partition positions in {@code query.projection_positions}, in the
 * transaction of its rows: it resumes from them, moves them past a dead letter, and applies a
 * replayed letter again through its own {@link #apply}.
 */
public abstract class PositionedProjection implements RecoverableConsumer {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final String name;
  protected final ProjectionPositions positions;

  protected PositionedProjection(String name, ProjectionPositions positions) {
    this.name = name;
    this.positions = positions;
  }

  /** Applies one event and advances the partition's position, in one transaction. */
  public abstract Mono<Void> apply(EventEnvelope envelope, int partition, long offset);

  @Override
  public String group() {
    return name;
  }

  @Override
  public Map<Integer, Long> storedPositions(String topic) {
    return positions.of(name, topic).block(WAIT);
  }

  @Override
  public void passed(String topic, int partition, long offset) {
    positions.advance(name, topic, partition, offset + 1).block(WAIT);
  }

  @Override
  public void reapply(String topic, int partition, long offset, EventEnvelope envelope) {
    apply(envelope, partition, offset).block(WAIT);
  }
}
