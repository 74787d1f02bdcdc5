package io.dispatch.query.rebuild;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a rebuild has read so far: events done (applied or skipped) and skipped by reason. The
 * first few skips of each reason are logged with their position; the rest only counted.
 */
final class ReplayCounts {

    private static final Logger log = LoggerFactory.getLogger(ReplayCounts.class);
    private static final int LOGGED_PER_REASON = 5;

    private final AtomicLong done = new AtomicLong();
    private final AtomicLong total = new AtomicLong();
    private final Map<String, LongAdder> skipped = new ConcurrentHashMap<>();

    void planned(long events) {
        total.addAndGet(events);
    }

    void done(int events) {
        done.addAndGet(events);
    }

    /** Counts a committed batch's skips. */
    void add(Skips skips) {
        for (Skips.Skip skip : skips.all()) {
            LongAdder count = skipped.computeIfAbsent(skip.reason(), key -> new LongAdder());
            count.increment();
            if (count.sum() <= LOGGED_PER_REASON) {
                log.warn("Rebuild skips {}: {} ({})", skip.where(), skip.reason(), skip.detail());
            }
        }
    }

    long done() {
        return done.get();
    }

    long total() {
        return Math.max(total.get(), done.get());
    }

    long skipped() {
        return skipped.values().stream().mapToLong(LongAdder::sum).sum();
    }

    Map<String, Long> skippedByReason() {
        Map<String, Long> result = new java.util.TreeMap<>();
        skipped.forEach((reason, count) -> result.put(reason, count.sum()));
        return result;
    }
}
