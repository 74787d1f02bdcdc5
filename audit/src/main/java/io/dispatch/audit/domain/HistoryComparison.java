package io.dispatch.audit.domain;

import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.StatusTransition;
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
    public static List<StatusTransition> expected(List<EventEnvelope> events) {
        List<StatusTransition> transitions = new ArrayList<>();
        DispatchView view = null;
        for (EventEnvelope envelope : events.stream()
                .sorted(Comparator.comparingLong(EventEnvelope::sequence))
                .toList()) {
            if (envelope.event() instanceof WebhookAttemptRecorded) {
                continue;
            }
            if (envelope.event() instanceof DispatchCreated) {
                view = DispatchView.created(envelope);
                transitions.add(StatusTransition.of(envelope, view.status(), null));
            } else if (view != null && envelope.sequence() > view.sequence()) {
                DispatchStatus previous = view.status();
                view = view.apply(envelope);
                if (StatusTransition.isTransition(envelope)) {
                    transitions.add(StatusTransition.of(envelope, view.status(), previous));
                }
            }
        }
        return transitions;
    }

    public List<Difference> compare(List<StatusTransition> expected, List<StatusTransition> stored) {
        Map<Long, StatusTransition> fromEvents = bySequence(expected);
        Map<Long, StatusTransition> readModel = bySequence(stored);
        TreeSet<Long> sequences = new TreeSet<>(fromEvents.keySet());
        sequences.addAll(readModel.keySet());
        List<Difference> differences = new ArrayList<>();
        for (long sequence : sequences) {
            StatusTransition want = fromEvents.get(sequence);
            StatusTransition have = readModel.get(sequence);
            JsonComparison.compare(
                    Difference.HISTORY,
                    "history[" + sequence + "]",
                    want == null ? null : json.valueToTree(want),
                    have == null ? null : json.valueToTree(have),
                    differences);
        }
        return differences;
    }

    private static Map<Long, StatusTransition> bySequence(List<StatusTransition> transitions) {
        return transitions.stream()
                .collect(Collectors.toMap(StatusTransition::sequence, Function.identity(), (a, b) -> a));
    }
}
