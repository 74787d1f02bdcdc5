package io.dispatch.command.shopify.application;

import java.util.concurrent.Callable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** The integration's store is blocking JDBC: its calls run off the event loop. */
final class Blocking {

    private Blocking() {}

    static <T> Mono<T> call(Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(Schedulers.boundedElastic());
    }
}
