package io.dispatch.command.audit.domain;

import io.dispatch.events.DeliveryPinEvent;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.events.view.DispatchView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import tools.jackson.databind.ObjectMapper;

/**
 * The status history against the log. What the history should hold is derived from the events
 * with the shared fold, step by step: one entry per status transition (the creation included),
 * none for location updates or the PIN guard's events. Entries are matched by their sequence in
 * the delivery's stream and named {@code history[<sequence>]}.
 */
public final class HistoryComparison {

  private final ObjectMapper json;

  public HistoryComparison(ObjectMapper json) {
    this.json = json;
  }

  /** The transitions the history should hold, oldest first. */
  public static List<Transition> expected(List<EventEnvelope> events) {
    List<Transition> transitions = new ArrayList<>();
    DispatchView view = null;
    for (EventEnvelope envelope : events.stream().sorted(Comparator.comparingLong(EventEnvelope::sequence)).toList()) {
      if (envelope.event() instanceof WebhookAttemptRecorded) {
        continue;
      }
      if (envelope.event() instanceof DispatchCreated) {
        view = DispatchView.created(envelope);
        transitions.add(transition(envelope, view.status(), null));
      } else if (view != null && envelope.sequence() > view.sequence()) {
        DispatchStatus previous = view.status();
        view = view.apply(envelope);
        if (!(envelope.event() instanceof RiderLocationUpdated || envelope.event() instanceof DeliveryPinEvent)) {
          transitions.add(transition(envelope, view.status(), previous));
        }
      }
    }
    return transitions;
  }

  public List<Difference> compare(List<Transition> expected, List<Transition> stored) {
    Map<Long, Transition> fromEvents = bySequence(expected);
    Map<Long, Transition> readModel = bySequence(stored);
    TreeSet<Long> sequences = new TreeSet<>(fromEvents.keySet());
    sequences.addAll(readModel.keySet());
    List<Difference> differences = new ArrayList<>();
    for (long sequence : sequences) {
      Transition want = fromEvents.get(sequence);
      Transition have = readModel.get(sequence);
      JsonComparison.compare(Difference.HISTORY, "history[" + sequence + "]",
          want == null ? null : json.valueToTree(want), have == null ? null : json.valueToTree(have), differences);
    }
    return differences;
  }

  private static Map<Long, Transition> bySequence(List<Transition> transitions) {
    return transitions.stream().collect(Collectors.toMap(Transition::sequence, Function.identity(), (a, b) -> a));
  }

  private static Transition transition(EventEnvelope envelope, DispatchStatus status, DispatchStatus previous) {
    String reasonCode = envelope.event() instanceof DispatchFailed failed && failed.reasonCode() != null
        ? failed.reasonCode().name() : null;
    String detail = switch (envelope.event()) {
      case DispatchFailed failed -> failed.detail();
      case DispatchCancelled cancelled -> cancelled.reason();
      default -> null;
    };
    return new Transition(envelope.sequence(), status.name(), previous == null ? null : previous.name(),
        envelope.occurredAt(), envelope.actor().type().wireName(), envelope.actor().id(), reasonCode, detail);
  }
}
