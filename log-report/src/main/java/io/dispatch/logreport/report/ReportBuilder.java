package io.dispatch.logreport.report;

import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.logreport.read.LogRecord;
import io.dispatch.logreport.read.UnreadableReason;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Reads the log entry by entry, in log order, and keeps only what the report needs: counters,
 * a small track per delivery, the event ids seen, and the first {@code listLimit} findings of
 * each kind. A delivery whose creation lies before the range is taken as its first event in the
 * range shows it: that event's transition is not checked, and it has no durations or targets.
 */
public final class ReportBuilder {

    private final UUID merchant;
    private final int listLimit;
    private long entries;
    private long events;
    private final Map<String, long[]> byType = new HashMap<>();
    private final Map<UUID, long[]> byMerchant = new HashMap<>();
    private final Map<UUID, DeliveryTrack> deliveries = new HashMap<>();
    private final Set<UUID> eventIds = new HashSet<>();
    private final Map<DispatchStatus, Durations> durations = new EnumMap<>(DispatchStatus.class);
    private final ServiceLevelCheck pickup;
    private final ServiceLevelCheck delivery;
    private final Map<AnomalyKind, Listed<Report.Anomaly>> anomalies = new EnumMap<>(AnomalyKind.class);
    private final Map<UnreadableReason, Listed<Report.Unreadable>> unreadable = new EnumMap<>(UnreadableReason.class);

    /** @param merchant only this merchant's entries, or null for all */
    public ReportBuilder(UUID merchant, int listLimit) {
        this.merchant = merchant;
        this.listLimit = listLimit;
        for (DispatchStatus status : DispatchStatus.values()) {
            durations.put(status, new Durations());
        }
        for (AnomalyKind kind : AnomalyKind.values()) {
            anomalies.put(kind, new Listed<>(listLimit));
        }
        for (UnreadableReason reason : UnreadableReason.values()) {
            unreadable.put(reason, new Listed<>(listLimit));
        }
        pickup = new ServiceLevelCheck(listLimit);
        delivery = new ServiceLevelCheck(listLimit);
    }

    public void accept(LogRecord record) {
        entries++;
        switch (record) {
            case LogRecord.Event event -> accept(event);
            case LogRecord.Unreadable entry -> accept(entry);
        }
    }

    private void accept(LogRecord.Unreadable entry) {
        // an entry whose merchant cannot be made out is kept under every filter: never dropped silently
        if (merchant != null && entry.merchantId() != null && !merchant.equals(entry.merchantId())) {
            return;
        }
        unreadable
                .get(entry.reason())
                .add(new Report.Unreadable(
                        entry.position(), entry.type(), entry.dispatchId(), entry.sequence(), entry.detail()));
        DeliveryTrack track = entry.dispatchId() == null ? null : deliveries.get(entry.dispatchId());
        if (track != null && entry.sequence() != null) {
            advance(track, entry.dispatchId(), entry.sequence(), entry.position());
        }
    }

    private void accept(LogRecord.Event record) {
        EventEnvelope envelope = record.envelope();
        if (merchant != null && !merchant.equals(envelope.merchantId())) {
            return;
        }
        events++;
        byType.computeIfAbsent(envelope.type(), type -> new long[1])[0]++;
        byMerchant.computeIfAbsent(envelope.merchantId(), id -> new long[1])[0]++;
        DispatchEvent event = envelope.event();
        if (event instanceof WebhookAttemptRecorded) {
            return; // its sequence counts notification revisions, not the delivery's events
        }
        UUID dispatchId = envelope.dispatchId();
        String position = record.position();
        if (!eventIds.add(envelope.eventId())) {
            anomaly(
                    AnomalyKind.DUPLICATE_EVENT_ID,
                    dispatchId,
                    envelope.sequence(),
                    position,
                    envelope.type() + " with event id " + envelope.eventId() + " read before");
            return;
        }
        DeliveryTrack track = deliveries.get(dispatchId);
        if (track == null) {
            track = new DeliveryTrack(envelope.merchantId());
            deliveries.put(dispatchId, track);
        } else if (event instanceof DispatchCreated) {
            anomaly(
                    AnomalyKind.ILLEGAL_TRANSITION,
                    dispatchId,
                    envelope.sequence(),
                    position,
                    "dispatch.created again" + (track.status == null ? "" : " in " + track.status));
            advance(track, dispatchId, envelope.sequence(), position);
            return;
        }
        if (!advance(track, dispatchId, envelope.sequence(), position)) {
            return;
        }
        apply(track, envelope, position);
    }

    /** Checks and records the sequence; false when it is not above the last one (the fold ignores it). */
    private boolean advance(DeliveryTrack track, UUID dispatchId, long sequence, String position) {
        if (track.lastSequence >= 0 && sequence <= track.lastSequence) {
            anomaly(
                    AnomalyKind.SEQUENCE_OUT_OF_ORDER,
                    dispatchId,
                    sequence,
                    position,
                    "sequence " + sequence + " after " + track.lastSequence);
            return false;
        }
        if (track.lastSequence >= 0 && sequence > track.lastSequence + 1) {
            long firstMissing = track.lastSequence + 1;
            long lastMissing = sequence - 1;
            anomaly(
                    AnomalyKind.SEQUENCE_GAP,
                    dispatchId,
                    sequence,
                    position,
                    firstMissing == lastMissing
                            ? "sequence " + firstMissing + " missing"
                            : "sequences " + firstMissing + " to " + lastMissing + " missing");
        }
        track.lastSequence = sequence;
        return true;
    }

    private void apply(DeliveryTrack track, EventEnvelope envelope, String position) {
        DispatchEvent event = envelope.event();
        DispatchStatus next = Lifecycle.statusAfter(event);
        if (event instanceof DispatchCreated created) {
            track.createdAt = created.occurredAt();
            track.targetPickupAt = created.order().targetPickupAt();
            track.targetDeliveryAt = created.order().targetDeliveryAt();
        } else if (track.status != null && track.status.isTerminal()) {
            anomaly(
                    AnomalyKind.EVENT_AFTER_TERMINAL,
                    envelope.dispatchId(),
                    envelope.sequence(),
                    position,
                    envelope.type() + " after " + track.status);
        } else if (track.status != null && !Lifecycle.allows(track.status, event)) {
            anomaly(
                    AnomalyKind.ILLEGAL_TRANSITION,
                    envelope.dispatchId(),
                    envelope.sequence(),
                    position,
                    envelope.type() + " in " + track.status);
        }
        if (next == null) {
            return;
        }
        track.status = next; // as the fold does, whether allowed or not: the final status is what readers see
        if (track.createdAt == null || !track.reach(next) || next == DispatchStatus.NEW) {
            return;
        }
        Instant at = event.occurredAt();
        durations.get(next).add(Duration.between(track.createdAt, at).toMillis());
        if (event instanceof DispatchPickedUp) {
            pickup.check(envelope, track.merchantId, position, track.targetPickupAt, at);
        } else if (event instanceof DispatchDelivered) {
            delivery.check(envelope, track.merchantId, position, track.targetDeliveryAt, at);
        }
    }

    private void anomaly(AnomalyKind kind, UUID dispatchId, long sequence, String position, String detail) {
        anomalies.get(kind).add(new Report.Anomaly(dispatchId, sequence, position, detail));
    }

    public Report finish(String source) {
        Map<String, Long> types = new LinkedHashMap<>();
        for (EventType type : EventType.values()) {
            types.put(type.wireName(), count(byType.get(type.wireName())));
        }
        Map<String, Long> merchants = new TreeMap<>();
        byMerchant.forEach((id, count) -> merchants.put(String.valueOf(id), count[0]));
        Map<String, Long> finalStatus = new LinkedHashMap<>();
        for (DispatchStatus status : DispatchStatus.values()) {
            finalStatus.put(status.name(), 0L);
        }
        finalStatus.put(Report.UNKNOWN_STATUS, 0L);
        long created = 0;
        for (DeliveryTrack track : deliveries.values()) {
            finalStatus.merge(track.status == null ? Report.UNKNOWN_STATUS : track.status.name(), 1L, Long::sum);
            created += track.createdAt != null ? 1 : 0;
        }
        Map<String, Report.Percentiles> times = new LinkedHashMap<>();
        durations.forEach((status, values) -> {
            if (status != DispatchStatus.NEW) {
                times.put(status.name(), values.summary());
            }
        });
        Map<String, Report.Section<Report.Anomaly>> anomalySections = new LinkedHashMap<>();
        anomalies.forEach((kind, listed) -> anomalySections.put(kind.name(), listed.section()));
        Map<String, Report.Section<Report.Unreadable>> unreadableSections = new LinkedHashMap<>();
        long unreadableTotal = 0;
        for (var entry : unreadable.entrySet()) {
            unreadableSections.put(entry.getKey().name(), entry.getValue().section());
            unreadableTotal += entry.getValue().count();
        }
        return new Report(
                source,
                merchant,
                entries,
                events,
                types,
                merchants,
                deliveries.size(),
                created,
                finalStatus,
                times,
                pickup.result(),
                delivery.result(),
                anomalySections,
                unreadableTotal,
                unreadableSections);
    }

    private static long count(long[] counter) {
        return counter == null ? 0 : counter[0];
    }
}
