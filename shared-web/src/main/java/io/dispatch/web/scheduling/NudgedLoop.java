package io.dispatch.web.scheduling;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/**
 * A worker thread that drains a backlog kept elsewhere (a table, say) in rounds. A round that
 * found a full batch is followed at once by the next; otherwise the loop waits for a
 * {@link #nudge} (new work was just written) or {@code idleWait}, whichever comes first, so new
 * work starts without a poll's delay and an idle loop costs one query per {@code idleWait}. A round
 * that throws is logged and tried again after {@code failureWait}: the backlog is still where it
 * was. Stopping lets the round under way finish.
 */
public final class NudgedLoop {

    /** One round of work. */
    @FunctionalInterface
    public interface Round {
        /** True when the round was full and more work is likely waiting. */
        boolean run() throws InterruptedException;
    }

    private final String threadName;
    private final Duration idleWait;
    private final Duration failureWait;
    private final Logger log;
    private final String failure;
    private final Round round;
    private final LinkedBlockingQueue<Boolean> nudges = new LinkedBlockingQueue<>(1);
    private volatile boolean running;
    private Thread thread;

    /** {@code failure} is the warning logged with a failed round's exception, e.g. "Claiming failed; retrying in 1 s". */
    public NudgedLoop(
            String threadName, Duration idleWait, Duration failureWait, Logger log, String failure, Round round) {
        this.threadName = threadName;
        this.idleWait = idleWait;
        this.failureWait = failureWait;
        this.log = log;
        this.failure = failure;
        this.round = round;
    }

    /** Something may be waiting: start the next round now rather than after the idle wait. */
    public void nudge() {
        nudges.offer(Boolean.TRUE);
    }

    public boolean isRunning() {
        return running;
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        thread = Thread.ofPlatform().name(threadName).daemon().start(this::loop);
    }

    /** Ends the loop and waits up to {@code join} for the round under way. */
    public synchronized void stop(Duration join) throws InterruptedException {
        if (!running) {
            return;
        }
        running = false;
        nudge();
        thread.join(join);
    }

    private void loop() {
        while (running) {
            try {
                if (!round.run()) {
                    nudges.poll(idleWait.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn(failure, e);
                try {
                    nudges.poll(failureWait.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }
}
