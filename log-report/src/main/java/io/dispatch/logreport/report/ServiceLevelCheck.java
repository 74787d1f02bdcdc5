package io.dispatch.logreport.report;

import io.dispatch.events.EventEnvelope;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** One service-level target (pick up by, deliver by): how many reached it, how many late, which. */
final class ServiceLevelCheck {

    private final Listed<Report.Miss> misses;
    private long measured;

    ServiceLevelCheck(int listLimit) {
        this.misses = new Listed<>(listLimit);
    }

    void check(EventEnvelope envelope, UUID merchantId, String position, Instant target, Instant actual) {
        if (target == null) {
            return;
        }
        measured++;
        if (actual.isAfter(target)) {
            misses.add(new Report.Miss(
                    envelope.dispatchId(),
                    merchantId,
                    envelope.sequence(),
                    position,
                    target,
                    actual,
                    Duration.between(target, actual).toMillis()));
        }
    }

    Report.ServiceLevel result() {
        double percent = measured == 0 ? 0 : Math.round(misses.count() * 10000.0 / measured) / 100.0;
        Report.Section<Report.Miss> section = misses.section();
        return new Report.ServiceLevel(measured, section.count(), percent, section.listed());
    }
}
