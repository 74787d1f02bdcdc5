package io.dispatch.deploy;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A merchant reading its acknowledged deliveries through a fault, about 20 reads a second, each
 * answer counted. A read may fail while a service or the database is away, but only as a 503 with
 * {@code Retry-After} (or no answer while query-service restarts): after a kill -9 of PostgreSQL one
 * read in about 2,300 answered 500 some 40 s after everything had recovered (issue 32).
 */
final class ReadProbe implements AutoCloseable {

    private static final Duration GAP = Duration.ofMillis(50);

    private final Supplier<ServiceProcess> queryService;
    private final Supplier<Map<String, String>> merchant;
    private final List<String> ids = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicLong> answers = new ConcurrentSkipListMap<>();
    private final List<String> wrong = new CopyOnWriteArrayList<>();
    private final AtomicBoolean reading = new AtomicBoolean(true);
    private final Thread reader;

    ReadProbe(Supplier<ServiceProcess> queryService, Supplier<Map<String, String>> merchant) {
        this.queryService = queryService;
        this.merchant = merchant;
        this.reader = Thread.ofVirtual().name("read-probe").start(this::read);
    }

    /** A delivery whose create was acknowledged: one to read from now on. */
    void readable(String id) {
        ids.add(id);
    }

    /** Answers that are neither a success, a refusal nor a 503 with Retry-After: what the fault must not cause. */
    List<String> wrong() {
        return List.copyOf(wrong);
    }

    /** e.g. "812 (200=790, 503=22)". */
    String summary() {
        long all = answers.values().stream().mapToLong(AtomicLong::get).sum();
        return all + " ("
                + answers.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue().get())
                        .collect(Collectors.joining(", "))
                + ")";
    }

    private void read() {
        while (reading.get()) {
            if (!ids.isEmpty()) {
                String id = ids.get(ThreadLocalRandom.current().nextInt(ids.size()));
                try {
                    HttpResponse<String> answer =
                            queryService.get().send("GET", "/api/v1/external/dispatches/" + id, merchant.get(), null);
                    int status = answer.statusCode();
                    tally(Integer.toString(status));
                    boolean retryLater = status == 503
                            && answer.headers().firstValue("Retry-After").isPresent();
                    if (status >= 500 && !retryLater) {
                        wrong.add(status + " for " + id + ": " + answer.body());
                    }
                } catch (IOException e) {
                    tally("no answer");
                } catch (InterruptedException e) {
                    return;
                }
            }
            await().pollDelay(GAP).atMost(GAP.multipliedBy(20)).until(() -> true);
        }
    }

    private void tally(String answer) {
        answers.computeIfAbsent(answer, a -> new AtomicLong()).incrementAndGet();
    }

    /** Stops reading (after the read under way). */
    @Override
    public void close() throws InterruptedException {
        reading.set(false);
        reader.join(Duration.ofSeconds(60));
    }
}
