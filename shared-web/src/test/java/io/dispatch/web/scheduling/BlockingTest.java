package io.dispatch.web.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** Blocking work leaves the threads that must not wait, and stays on a thread that may. */
class BlockingTest {

    @Test
    void work_subscribed_on_a_non_blocking_thread_runs_on_a_bounded_elastic_one() {
        String ranOn = Mono.defer(
                        () -> Blocking.call(() -> Thread.currentThread().getName()))
                .subscribeOn(Schedulers.parallel())
                .block(Duration.ofSeconds(5));

        assertThat(ranOn).startsWith("boundedElastic-");
    }

    @Test
    void work_subscribed_on_a_thread_that_may_block_runs_there_without_a_hand_off() {
        String[] subscribedOn = new String[1];
        String ranOn = Mono.defer(() -> {
                    subscribedOn[0] = Thread.currentThread().getName();
                    return Blocking.call(() -> Thread.currentThread().getName());
                })
                .subscribeOn(Schedulers.boundedElastic())
                .block(Duration.ofSeconds(5));

        assertThat(ranOn).startsWith("boundedElastic-").isEqualTo(subscribedOn[0]);
        assertThat(Blocking.call(() -> Thread.currentThread().getName()).block(Duration.ofSeconds(5)))
                .isEqualTo(Thread.currentThread().getName());
    }

    @Test
    void work_without_an_answer_runs_once_and_completes_empty() {
        int[] runs = new int[1];

        assertThat(Blocking.run(() -> runs[0]++)
                        .subscribeOn(Schedulers.parallel())
                        .blockOptional(Duration.ofSeconds(5)))
                .isEmpty();
        assertThat(runs[0]).isEqualTo(1);
    }
}
