package io.dispatch.logreport.report;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What the report found over its range; every map lists every key it can have, zeros included,
 * so an empty range gives a report of zeros. Durations are milliseconds.
 *
 * @param entries everything read in the range, other merchants' entries included
 * @param events the readable events counted (those of {@code merchant} when set)
 * @param deliveries deliveries with at least one counted event
 * @param deliveriesCreated deliveries whose dispatch.created is in the range: the base of the
 *     durations and service-level figures
 */
public record Report(
        String source,
        UUID merchant,
        long entries,
        long events,
        Map<String, Long> eventsByType,
        Map<String, Long> eventsByMerchant,
        long deliveries,
        long deliveriesCreated,
        Map<String, Long> deliveriesByFinalStatus,
        Map<String, Percentiles> timeFromCreate,
        ServiceLevel pickup,
        ServiceLevel delivery,
        Map<String, Section<Anomaly>> anomalies,
        long unreadableTotal,
        Map<String, Section<Unreadable>> unreadable) {

    /** Status of a delivery whose range starts after its last status change (only location or PIN events). */
    public static final String UNKNOWN_STATUS = "UNKNOWN";

    public record Percentiles(long count, Long p50, Long p90, Long p99) {}

    public record Section<T>(long count, List<T> listed) {}

    /**
     * @param measured deliveries created in the range with a target that reached the step in it
     * @param missed those that reached it after the target
     */
    public record ServiceLevel(long measured, long missed, double missedPercent, List<Miss> listed) {}

    public record Miss(
            UUID dispatchId,
            UUID merchantId,
            long sequence,
            String position,
            Instant target,
            Instant actual,
            long lateBy) {}

    public record Anomaly(UUID dispatchId, long sequence, String position, String detail) {}

    public record Unreadable(String position, String type, UUID dispatchId, Long sequence, String detail) {}
}
