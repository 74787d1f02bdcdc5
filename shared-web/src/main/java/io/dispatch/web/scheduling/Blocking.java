package io.dispatch.web.scheduling;

import java.util.concurrent.Callable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Blocking work (JDBC, Axon's command bus) in a reactive chain: off the event loops and Reactor's
 * parallel threads, which must never wait, but without a hand-off when the chain already runs on
 * a thread that may block. A merchant's create reaches the controller on a bounded-elastic thread
 * (the rate limit's and the idempotency key's reads moved it there), so its command runs on that
 * same thread instead of being queued for another one.
 */
public final class Blocking {

    private Blocking() {}

    /** {@code work} when subscribed: at once on a thread that may block, else on a bounded-elastic thread. */
    public static <T> Mono<T> call(Callable<T> work) {
        return Mono.defer(() -> Schedulers.isInNonBlockingThread()
                ? Mono.fromCallable(work).subscribeOn(Schedulers.boundedElastic())
                : Mono.fromCallable(work));
    }

    /** {@link #call} for work without an answer. */
    public static Mono<Void> run(Runnable work) {
        return call(() -> {
                    work.run();
                    return true;
                })
                .then();
    }
}
