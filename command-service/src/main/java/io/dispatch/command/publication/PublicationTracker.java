package io.dispatch.command.publication;

import io.dispatch.events.EventEnvelope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Lets a write wait until its last event is on Kafka, so the answer it sends can promise
 * read-your-writes: once the event is in the log, a reader waits only for its projection.
 * Remembers the newest published sequence of recently written deliveries (bounded).
 */
@Component
public class PublicationTracker {

    private static final int REMEMBERED = 100_000;
    private static final Executor COMPLETIONS = task -> Schedulers.parallel().schedule(task);

    /** Where an event landed in the log. */
    public record Published(EventEnvelope envelope, int partition, long offset) {}

    private record Waiter(long sequence, CompletableFuture<Published> future) {}

    private final Map<UUID, Published> newest = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, Published> eldest) {
            return size() > REMEMBERED;
        }
    };
    private final Map<UUID, List<Waiter>> waiters = new HashMap<>();

    /**
     * Records a publication and completes the writes waiting for it. The futures complete on
     * Reactor's parallel scheduler, never on the caller's thread: the caller is the publisher's
     * one thread, and a waiter's completion runs the rest of its HTTP answer (the delivery, its
     * JSON, the idempotency record). Run there, 200 answers of a batch held the next batch back by
     * a second or more at 100 creates/s (issue 17). They also complete outside the lock, as
     * {@link #forget} takes it.
     */
    void published(Published published) {
        List<Waiter> ready = new ArrayList<>();
        synchronized (this) {
            UUID id = published.envelope().dispatchId();
            Published known = newest.get(id);
            if (known == null
                    || known.envelope().sequence() < published.envelope().sequence()) {
                newest.put(id, published);
            }
            List<Waiter> waiting = waiters.get(id);
            if (waiting != null) {
                waiting.removeIf(waiter -> {
                    boolean reached = waiter.sequence() <= published.envelope().sequence();
                    if (reached) {
                        ready.add(waiter);
                    }
                    return reached;
                });
                if (waiting.isEmpty()) {
                    waiters.remove(id);
                }
            }
        }
        ready.forEach(waiter -> waiter.future().completeAsync(() -> published, COMPLETIONS));
    }

    /** True when the delivery's event with this sequence (or a later one) is known to be on Kafka. */
    public synchronized boolean isPublished(UUID dispatchId, long sequence) {
        Published known = newest.get(dispatchId);
        return known != null && known.envelope().sequence() >= sequence;
    }

    /** Completes when the delivery's event with this sequence (or a later one) is published; empty on timeout. */
    public Mono<Published> awaitPublished(UUID dispatchId, long sequence, Duration timeout) {
        CompletableFuture<Published> future;
        synchronized (this) {
            Published known = newest.get(dispatchId);
            if (known != null && known.envelope().sequence() >= sequence) {
                return Mono.just(known);
            }
            future = new CompletableFuture<>();
            Waiter waiter = new Waiter(sequence, future);
            waiters.computeIfAbsent(dispatchId, id -> new ArrayList<>()).add(waiter);
        }
        return Mono.fromFuture(future).timeout(timeout, Mono.empty()).doFinally(signal -> forget(dispatchId, future));
    }

    private synchronized void forget(UUID dispatchId, CompletableFuture<Published> future) {
        List<Waiter> waiting = waiters.get(dispatchId);
        if (waiting != null) {
            waiting.removeIf(waiter -> waiter.future() == future);
            if (waiting.isEmpty()) {
                waiters.remove(dispatchId);
            }
        }
    }
}
