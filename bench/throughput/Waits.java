package throughput;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting in a scenario without sleeping a thread: for a condition, or out a pause. */
final class Waits {

    private Waits() {}

    /** Returns once {@code done} holds, checking it every {@code everyMillis} on a scheduler. */
    static void until(BooleanSupplier done, long everyMillis) {
        ScheduledExecutorService checker = Executors.newSingleThreadScheduledExecutor();
        CompletableFuture<Void> reached = new CompletableFuture<>();
        checker.scheduleWithFixedDelay(
                () -> {
                    if (done.getAsBoolean()) reached.complete(null);
                },
                0,
                everyMillis,
                TimeUnit.MILLISECONDS);
        try {
            reached.join();
        } finally {
            checker.shutdownNow();
        }
    }

    /** Waits out {@code length} on a delayed executor (between sweep steps). */
    static void pause(Duration length) {
        CompletableFuture.runAsync(
                        () -> {}, CompletableFuture.delayedExecutor(length.toMillis(), TimeUnit.MILLISECONDS))
                .join();
    }
}
