package rebuild;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for the service without sleeping a thread, with a limit so a stuck service ends the bench. */
final class Polling {

    private Polling() {}

    /** A check that answers a value once its condition holds, null until then. */
    interface Check<T> {
        T now() throws Exception;
    }

    /**
     * Runs {@code check} every {@code every} on a scheduler until it answers a value, and fails with
     * what it waited for after {@code limit} (a stuck service ends the bench instead of holding it).
     */
    static <T> T poll(Duration every, Duration limit, String what, Check<T> check) throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        CompletableFuture<T> result = new CompletableFuture<>();
        scheduler.scheduleWithFixedDelay(
                () -> {
                    try {
                        T value = check.now();
                        if (value != null) {
                            result.complete(value);
                        }
                    } catch (Exception e) {
                        result.completeExceptionally(e);
                    }
                },
                0,
                every.toMillis(),
                TimeUnit.MILLISECONDS);
        try {
            return result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("gave up after " + limit + " waiting for " + what, e);
        } finally {
            scheduler.shutdownNow();
        }
    }
}
