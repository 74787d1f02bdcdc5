package io.dispatch.webhook.sending;

import io.dispatch.webhook.notification.NotificationClaims;
import io.dispatch.webhook.notification.NotificationClaims.Attempt;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Group commit of attempt outcomes. Each attempt's thread hands its outcome over and waits until
 * it is recorded; one recorder thread writes whatever has gathered meanwhile in one statement and
 * one commit ({@link NotificationClaims#recordAttempts}), up to {@link #BATCH} at a time. While a
 * batch is being written the next one gathers, so under load one commit carries many attempts,
 * and alone an attempt waits for nobody. If a batch fails, its attempts are recorded one by one,
 * so one that cannot be stored does not take the others with it. Stopped after the claim loop
 * (its attempts in flight are recorded before it stops).
 */
@Component
class AttemptRecorder implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(AttemptRecorder.class);
    static final int BATCH = 500;

    private record Waiting(Attempt attempt, CompletableFuture<Boolean> recorded) {}

    private final NotificationClaims claims;
    private final BlockingQueue<Waiting> queue = new LinkedBlockingQueue<>();
    private final Thread writer;

    AttemptRecorder(NotificationClaims claims) {
        this.claims = claims;
        this.writer =
                Thread.ofPlatform().name("webhook-attempt-recorder").daemon().start(this::write);
    }

    /**
     * Records this attempt together with whatever else is waiting; false when its row had moved on
     * (recorded by another dispatcher first). Throws what the database threw.
     */
    boolean record(Attempt attempt) {
        Waiting waiting = new Waiting(attempt, new CompletableFuture<>());
        queue.add(waiting);
        try {
            return waiting.recorded().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : e;
        }
    }

    private void write() {
        List<Waiting> batch = new ArrayList<>(BATCH);
        while (!Thread.currentThread().isInterrupted()) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                return;
            }
            queue.drainTo(batch, BATCH - 1);
            try {
                Set<UUID> recorded = claims.recordAttempts(
                        batch.stream().map(Waiting::attempt).toList());
                batch.forEach(w -> w.recorded()
                        .complete(recorded.contains(w.attempt().claimed().id())));
            } catch (RuntimeException batchFailed) {
                if (batch.size() == 1) {
                    batch.getFirst().recorded().completeExceptionally(batchFailed);
                } else {
                    log.warn(
                            "Recording {} webhook attempts together failed; recording them one by one",
                            batch.size(),
                            batchFailed);
                    batch.forEach(this::writeAlone);
                }
            }
            batch.clear();
        }
    }

    private void writeAlone(Waiting waiting) {
        try {
            waiting.recorded()
                    .complete(claims.recordAttempts(List.of(waiting.attempt()))
                            .contains(waiting.attempt().claimed().id()));
        } catch (RuntimeException e) {
            waiting.recorded().completeExceptionally(e);
        }
    }

    @Override
    public void destroy() throws InterruptedException {
        writer.interrupt();
        writer.join(5_000);
        Waiting left;
        while ((left = queue.poll()) != null) {
            left.recorded().completeExceptionally(new IllegalStateException("the dispatcher is stopping"));
        }
    }
}
