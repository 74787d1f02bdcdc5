package io.dispatch.query.tracking;

import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderPositionReported;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Sinks;

/**
 * Live tracking fan-out. Each query-service instance reads dispatch-events and rider-positions
 * from the live end with a consumer group of its own (so every instance sees every delivery),
 * and hands each change to the viewers of that delivery connected to it. However many
 * customers watch, the database is read once per viewer, when the stream opens, never polled.
 */
@Component
public class TrackingHub {

  /** What a viewer is told. */
  public sealed interface Update {}

  public record StatusChanged(long sequence, DispatchStatus status, Instant occurredAt) implements Update {}

  public record RiderMoved(double latitude, double longitude, Instant timestamp) implements Update {}

  private final Map<UUID, Set<Sinks.Many<Update>>> viewers = new ConcurrentHashMap<>();

  /** A viewer's own buffer, registered before the current state is read so nothing falls between. */
  public Sinks.Many<Update> watch(UUID dispatchId) {
    Sinks.Many<Update> sink = Sinks.many().unicast().onBackpressureBuffer();
    viewers.computeIfAbsent(dispatchId, id -> ConcurrentHashMap.newKeySet()).add(sink);
    return sink;
  }

  public void leave(UUID dispatchId, Sinks.Many<Update> sink) {
    viewers.computeIfPresent(dispatchId, (id, sinks) -> {
      sinks.remove(sink);
      return sinks.isEmpty() ? null : sinks;
    });
  }

  /** How many streams are open (a gauge for operators, and for tests). */
  public int viewerCount() {
    return viewers.values().stream().mapToInt(Set::size).sum();
  }

  @KafkaListener(
      id = "query-service.tracking.dispatch-events",
      groupId = "query-service.tracking-#{T(java.util.UUID).randomUUID()}",
      topics = "dispatch-events",
      containerFactory = "queryListenerContainerFactory",
      properties = {"auto.offset.reset=latest"})
  public void onEvent(ConsumerRecord<String, EventEnvelope> record) {
    EventEnvelope envelope = record.value();
    if (envelope == null || !viewers.containsKey(envelope.dispatchId())) {
      return;
    }
    DispatchStatus status = switch (envelope.event()) {
      case DispatchCreated e -> DispatchStatus.NEW;
      case RiderAssigned e -> DispatchStatus.ASSIGNED;
      case DispatchPickedUp e -> DispatchStatus.PICKED_UP;
      case DispatchDeparted e -> DispatchStatus.IN_TRANSIT;
      case DispatchDelivered e -> DispatchStatus.DELIVERED;
      case DispatchFailed e -> DispatchStatus.FAILED;
      case DispatchCancelled e -> DispatchStatus.CANCELLED;
      default -> null;
    };
    if (status != null) {
      publish(envelope.dispatchId(), new StatusChanged(envelope.sequence(), status, envelope.occurredAt()));
    }
  }

  @KafkaListener(
      id = "query-service.tracking.rider-positions",
      groupId = "query-service.tracking-#{T(java.util.UUID).randomUUID()}",
      topics = "rider-positions",
      containerFactory = "riderPositionsContainerFactory",
      properties = {"auto.offset.reset=latest"})
  public void onPosition(ConsumerRecord<String, RiderPositionReported> record) {
    RiderPositionReported fix = record.value();
    if (fix == null) {
      return;
    }
    RiderMoved moved = new RiderMoved(fix.latitude(), fix.longitude(), fix.recordedAt());
    fix.dispatchIds().forEach(id -> publish(id, moved));
  }

  private void publish(UUID dispatchId, Update update) {
    Set<Sinks.Many<Update>> sinks = viewers.get(dispatchId);
    if (sinks == null) {
      return;
    }
    for (Sinks.Many<Update> sink : sinks) {
      // two consumer threads may reach one viewer at once; a unicast sink takes one at a time
      synchronized (sink) {
        sink.tryEmitNext(update);
      }
    }
  }
}
