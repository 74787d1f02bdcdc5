package io.dispatch.command.proofmedia.web;

import io.dispatch.web.error.ApiException;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * How many proof media one instance holds in memory at once: each upload or read holds up to 5 MiB
 * while it runs, so their number is bounded (docs/adr/0037: bodies cost memory by their limits),
 * 8 uploads and 16 reads, 120 MiB at most. One more answers 503 with Retry-After.
 */
@Component
class MediaTransfers {

    static final int UPLOADS = 8;
    static final int READS = 16;

    private final Semaphore uploads = new Semaphore(UPLOADS);
    private final Semaphore reads = new Semaphore(READS);

    <T> Mono<T> upload(Supplier<Mono<T>> work) {
        return within(uploads, "uploaded", work);
    }

    <T> Mono<T> read(Supplier<Mono<T>> work) {
        return within(reads, "read", work);
    }

    private static <T> Mono<T> within(Semaphore slots, String doing, Supplier<Mono<T>> work) {
        return Mono.defer(() -> {
            if (!slots.tryAcquire()) {
                return Mono.error(ApiException.unavailable(
                        "Too many proof media are being " + doing + " right now; retry in a second"));
            }
            return work.get().doFinally(signal -> slots.release());
        });
    }
}
