package io.dispatch.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that stands still until a test moves it; only ever forwards. */
public final class MutableClock extends Clock {

    private final AtomicReference<Instant> now;

    public MutableClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    public void advance(Duration duration) {
        now.updateAndGet(instant -> instant.plus(duration));
    }

    /** Moves to {@code offset} after the start of the next minute: a fresh rate-limit window. */
    public Instant startNextMinutePlus(Duration offset) {
        return now.updateAndGet(instant -> instant.truncatedTo(ChronoUnit.MINUTES)
                .plus(Duration.ofMinutes(1))
                .plus(offset));
    }
}
