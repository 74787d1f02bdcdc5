package io.dispatch.logreport;

import static io.dispatch.logreport.CraftedLog.D2;
import static io.dispatch.logreport.CraftedLog.D4;
import static io.dispatch.logreport.CraftedLog.D5;
import static io.dispatch.logreport.CraftedLog.D6;
import static io.dispatch.logreport.CraftedLog.D7;
import static io.dispatch.logreport.CraftedLog.MERCHANT_A;
import static io.dispatch.logreport.CraftedLog.MERCHANT_B;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/** The figures of {@link CraftedLog}, worked out by hand, checked on a parsed JSON report. */
final class ExpectedReport {

    private static final long MINUTE = 60_000;

    private ExpectedReport() {}

    /**
     * @param withDuplicate whether the log holds D7's assignment twice (Kafka does, the event store cannot)
     * @param unknownType the unknown type as the source names it: a wire name on Kafka, a class in the store
     */
    /** The count of one kind in a section of the report, e.g. ("anomalies", "SEQUENCE_GAP"). */
    static long count(JsonNode report, String section, String kind) {
        return report.get(section).get(kind).get("count").asLong();
    }

    static void assertWholeLog(JsonNode report, boolean withDuplicate, String unknownType) {
        int duplicate = withDuplicate ? 1 : 0;
        assertThat(report.get("entries").asLong()).isEqualTo(32 + duplicate);
        assertThat(report.get("events").asLong()).isEqualTo(29 + duplicate);
        assertThat(counts(report.get("eventsByType")))
                .containsExactlyEntriesOf(ordered(
                        "dispatch.created",
                        8,
                        "dispatch.assigned",
                        5 + duplicate,
                        "dispatch.picked_up",
                        5,
                        "dispatch.en_route",
                        4,
                        "dispatch.delivered",
                        3,
                        "dispatch.failed",
                        1,
                        "dispatch.cancelled",
                        1,
                        "dispatch.location_updated",
                        2,
                        "dispatch.pin_rejected",
                        0,
                        "dispatch.pin_reset",
                        0,
                        "dispatch.unassigned",
                        0,
                        "dispatch.offered",
                        0,
                        "dispatch.offer_accepted",
                        0,
                        "dispatch.offer_declined",
                        0,
                        "dispatch.offer_expired",
                        0,
                        "dispatch.offer_withdrawn",
                        0,
                        "dispatch.auto_assigned",
                        0,
                        "dispatch.no_rider",
                        0,
                        "dispatch.planned",
                        0,
                        "dispatch.eta_updated",
                        0,
                        "webhook.attempt_recorded",
                        0));
        assertThat(counts(report.get("eventsByMerchant")))
                .containsExactlyEntriesOf(ordered(MERCHANT_A.toString(), 17 + duplicate, MERCHANT_B.toString(), 12));
        assertThat(report.get("deliveries").asLong()).isEqualTo(8);
        assertThat(report.get("deliveriesCreated").asLong()).isEqualTo(8);
        assertThat(counts(report.get("deliveriesByFinalStatus")))
                .containsExactlyEntriesOf(ordered(
                        "NEW",
                        1,
                        "ASSIGNED",
                        1,
                        "PICKED_UP",
                        0,
                        "IN_TRANSIT",
                        1,
                        "DELIVERED",
                        3,
                        "FAILED",
                        1,
                        "CANCELLED",
                        1,
                        "UNKNOWN",
                        0));
        JsonNode times = report.get("timeFromCreate");
        assertPercentiles(times.get("ASSIGNED"), 5, 1, 5, 5);
        assertPercentiles(times.get("PICKED_UP"), 5, 8, 40, 40);
        assertPercentiles(times.get("IN_TRANSIT"), 4, 9, 41, 41);
        assertPercentiles(times.get("DELIVERED"), 3, 50, 70, 70);
        assertPercentiles(times.get("FAILED"), 1, 2, 2, 2);
        assertPercentiles(times.get("CANCELLED"), 1, 1, 1, 1);
        assertServiceLevel(report.get("pickup"), 5, 1, 20.0);
        assertServiceLevel(report.get("delivery"), 3, 1, 33.33);
        assertMiss(report.get("pickup").get("listed").get(0), D2.toString(), 2, 10);
        assertMiss(report.get("delivery").get("listed").get(0), D2.toString(), 4, 10);
        JsonNode anomalies = report.get("anomalies");
        assertAnomaly(anomalies.get("SEQUENCE_GAP"), D5.toString(), 3, "sequence 2 missing");
        assertThat(anomalies.get("SEQUENCE_OUT_OF_ORDER").get("count").asLong()).isZero();
        assertAnomaly(anomalies.get("ILLEGAL_TRANSITION"), D6.toString(), 1, "dispatch.picked_up in NEW");
        assertAnomaly(
                anomalies.get("EVENT_AFTER_TERMINAL"), D4.toString(), 5, "dispatch.location_updated after DELIVERED");
        if (withDuplicate) {
            assertAnomaly(anomalies.get("DUPLICATE_EVENT_ID"), D7.toString(), 1, "read before");
        } else {
            assertThat(anomalies.get("DUPLICATE_EVENT_ID").get("count").asLong())
                    .isZero();
        }
        assertThat(report.get("unreadableTotal").asLong()).isEqualTo(3);
        JsonNode unreadable = report.get("unreadable");
        assertUnreadable(unreadable.get("UNKNOWN_TYPE"), unknownType, D7.toString(), 2);
        assertUnreadable(unreadable.get("FUTURE_VERSION"), "dispatch.cancelled", CraftedLog.D8.toString(), 1);
        assertThat(unreadable.get("UNDECODABLE").get("count").asLong()).isEqualTo(1);
    }

    static Map<String, Long> counts(JsonNode object) {
        Map<String, Long> counts = new LinkedHashMap<>();
        object.properties()
                .forEach(entry -> counts.put(entry.getKey(), entry.getValue().asLong()));
        return counts;
    }

    static Map<String, Long> ordered(Object... keysAndCounts) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndCounts.length; i += 2) {
            map.put((String) keysAndCounts[i], ((Number) keysAndCounts[i + 1]).longValue());
        }
        return map;
    }

    private static void assertPercentiles(JsonNode p, long count, long p50Minutes, long p90Minutes, long p99Minutes) {
        assertThat(p.get("count").asLong()).isEqualTo(count);
        assertThat(p.get("p50").asLong()).isEqualTo(p50Minutes * MINUTE);
        assertThat(p.get("p90").asLong()).isEqualTo(p90Minutes * MINUTE);
        assertThat(p.get("p99").asLong()).isEqualTo(p99Minutes * MINUTE);
    }

    static void assertServiceLevel(JsonNode level, long measured, long missed, double percent) {
        assertThat(level.get("measured").asLong()).isEqualTo(measured);
        assertThat(level.get("missed").asLong()).isEqualTo(missed);
        assertThat(level.get("missedPercent").asDouble()).isEqualTo(percent);
        assertThat(level.get("listed")).hasSize((int) missed);
    }

    private static void assertMiss(JsonNode miss, String dispatchId, long sequence, long lateMinutes) {
        assertThat(miss.get("dispatchId").asText()).isEqualTo(dispatchId);
        assertThat(miss.get("sequence").asLong()).isEqualTo(sequence);
        assertThat(miss.get("lateBy").asLong()).isEqualTo(lateMinutes * MINUTE);
        assertThat(miss.get("position").asText()).isNotBlank();
    }

    static void assertAnomaly(JsonNode section, String dispatchId, long sequence, String detail) {
        assertThat(section.get("count").asLong()).isEqualTo(1);
        JsonNode listed = section.get("listed").get(0);
        assertThat(listed.get("dispatchId").asText()).isEqualTo(dispatchId);
        assertThat(listed.get("sequence").asLong()).isEqualTo(sequence);
        assertThat(listed.get("position").asText()).isNotBlank();
        assertThat(listed.get("detail").asText()).contains(detail);
    }

    private static void assertUnreadable(JsonNode section, String type, String dispatchId, long sequence) {
        assertThat(section.get("count").asLong()).isEqualTo(1);
        JsonNode listed = section.get("listed").get(0);
        assertThat(listed.get("type").asText()).isEqualTo(type);
        assertThat(listed.get("dispatchId").asText()).isEqualTo(dispatchId);
        assertThat(listed.get("sequence").asLong()).isEqualTo(sequence);
    }
}
