package io.dispatch.webhook.loop;

import io.dispatch.web.scheduling.NudgedLoop;
import java.time.Duration;
import org.slf4j.Logger;
import org.springframework.context.SmartLifecycle;

/**
 * A {@link NudgedLoop} run for as long as the application context runs: what its rounds use is
 * opened just before the loop starts ({@link #opening}) and closed once the loop has ended
 * ({@link #loopEnded}, also when the wait for the round under way was interrupted). A failed round
 * is tried again after one second; stopping waits up to ten seconds for the round under way.
 */
public abstract class LoopLifecycle implements SmartLifecycle {

    private static final Duration FAILURE_WAIT = Duration.ofSeconds(1);
    private static final Duration JOIN = Duration.ofSeconds(10);

    private final NudgedLoop loop;

    /** {@code failure} is the warning logged with a failed round's exception. */
    protected LoopLifecycle(String threadName, Duration idleWait, Logger log, String failure) {
        this.loop = new NudgedLoop(threadName, idleWait, FAILURE_WAIT, log, failure, this::round);
    }

    /** One round; true when it was full and more work is likely waiting. */
    protected abstract boolean round() throws InterruptedException;

    /** Just before the loop starts. */
    protected abstract void opening();

    /** Once the loop has ended. */
    protected abstract void loopEnded();

    /** Something may be waiting: start the next round now rather than after the idle wait. */
    public void nudge() {
        loop.nudge();
    }

    @Override
    public synchronized void start() {
        if (loop.isRunning()) {
            return;
        }
        opening();
        loop.start();
    }

    @Override
    public synchronized void stop() {
        if (!loop.isRunning()) {
            return;
        }
        try {
            loop.stop(JOIN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            loopEnded();
        }
    }

    @Override
    public boolean isRunning() {
        return loop.isRunning();
    }
}
