package io.dispatch.web.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class NudgedLoopTest {

    private static final Duration LONG_IDLE = Duration.ofMinutes(10);

    @Test
    void a_full_round_is_followed_at_once_and_a_short_one_waits_for_a_nudge() throws Exception {
        AtomicInteger rounds = new AtomicInteger();
        AtomicInteger backlog = new AtomicInteger(3);
        NudgedLoop loop = loop(() -> {
            rounds.incrementAndGet();
            return backlog.getAndUpdate(left -> Math.max(0, left - 1)) > 0;
        });
        loop.start();
        try {
            // three full rounds, then the short one that found nothing: four, and no more while idle
            await().atMost(Duration.ofSeconds(5)).until(() -> rounds.get() == 4);
            await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> rounds.get() == 4);
            loop.nudge();
            await().atMost(Duration.ofSeconds(5)).until(() -> rounds.get() == 5);
        } finally {
            loop.stop(Duration.ofSeconds(5));
        }
        assertThat(loop.isRunning()).isFalse();
    }

    @Test
    void a_failed_round_is_tried_again_after_the_failure_wait() throws Exception {
        AtomicInteger rounds = new AtomicInteger();
        NudgedLoop loop = new NudgedLoop(
                "test-loop",
                LONG_IDLE,
                Duration.ofMillis(50),
                LoggerFactory.getLogger(NudgedLoopTest.class),
                "round failed (expected by the test)",
                () -> {
                    if (rounds.incrementAndGet() < 3) {
                        throw new IllegalStateException("database away");
                    }
                    return false;
                });
        loop.start();
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> rounds.get() == 3);
        } finally {
            loop.stop(Duration.ofSeconds(5));
        }
    }

    @Test
    void stopping_ends_an_idle_loop_without_waiting_out_its_idle_time() throws Exception {
        NudgedLoop loop = loop(() -> false);
        loop.start();
        long started = System.nanoTime();
        loop.stop(Duration.ofSeconds(30));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        assertThat(loop.isRunning()).isFalse();
    }

    private static NudgedLoop loop(NudgedLoop.Round round) {
        return new NudgedLoop(
                "test-loop",
                LONG_IDLE,
                Duration.ofMillis(50),
                LoggerFactory.getLogger(NudgedLoopTest.class),
                "round failed",
                round);
    }
}
