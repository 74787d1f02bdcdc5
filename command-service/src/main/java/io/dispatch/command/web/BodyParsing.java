package io.dispatch.command.web;

import io.dispatch.web.error.ApiException;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where large bodies (a CSV import, a bulk create) become objects: off the event loop, so that
 * reading 4 MiB never stalls the other requests of a loop, and on as many threads as there are
 * cores, so that the memory bodies cost while being read is bounded by that number, not by how
 * many arrive at once. A body that finds 64 others waiting answers 503 with Retry-After.
 */
@Component
public class BodyParsing implements AutoCloseable {

    static final int WAITING = 64;

    private final Scheduler parsers = Schedulers.newBoundedElastic(
            Math.max(1, Runtime.getRuntime().availableProcessors()), WAITING, "body-parsing", 60, true);

    public <T> Mono<T> parse(Callable<T> read) {
        return Mono.fromCallable(read)
                .subscribeOn(parsers)
                .onErrorMap(
                        RejectedExecutionException.class,
                        busy -> ApiException.unavailable(
                                "Too many large bodies are being read right now; retry in a second with the same Idempotency-Key"));
    }

    @Override
    public void close() {
        parsers.dispose();
    }
}
