package io.dispatch.command.publication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.awaitility.Awaitility.await;

import io.dispatch.command.publication.PublicationTracker.Published;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.EventEnvelope;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PublicationTrackerTest {

    private final PublicationTracker tracker = new PublicationTracker();
    private final UUID dispatchId = UUID.randomUUID();

    private Published at(long sequence) {
        var event = new DispatchCancelled(
                dispatchId, UUID.randomUUID(), Instant.parse("2026-01-01T00:00:00Z"), Actor.system(), "r");
        return new Published(EventEnvelope.of(UUID.randomUUID(), sequence, event), 0, sequence);
    }

    @Test
    void aWaitingWriteIsReleasedWithoutDisturbingThePublisher() {
        CompletableFuture<Published> first =
                tracker.awaitPublished(dispatchId, 0, Duration.ofSeconds(5)).toFuture();
        CompletableFuture<Published> second =
                tracker.awaitPublished(dispatchId, 0, Duration.ofSeconds(5)).toFuture();

        Thread publishing = Thread.currentThread();
        java.util.List<Thread> continuedOn = new java.util.concurrent.CopyOnWriteArrayList<>();
        first.thenRun(() -> continuedOn.add(Thread.currentThread()));
        second.thenRun(() -> continuedOn.add(Thread.currentThread()));
        assertThatCode(() -> tracker.published(at(0))).doesNotThrowAnyException();

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            assertThat(first).isCompletedWithValueMatching(p -> p.envelope().sequence() == 0);
            assertThat(second).isCompletedWithValueMatching(p -> p.envelope().sequence() == 0);
            assertThat(continuedOn).hasSize(2);
        });
        // the writes' answers go on elsewhere: the publisher's one thread goes back to publishing
        assertThat(continuedOn).doesNotContain(publishing);
    }

    @Test
    void aWriteWaitsForItsOwnSequenceAndNotAnEarlierOne() {
        CompletableFuture<Published> later =
                tracker.awaitPublished(dispatchId, 2, Duration.ofSeconds(5)).toFuture();

        tracker.published(at(1));
        assertThat(later).isNotDone();

        tracker.published(at(2));
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(later).isCompletedWithValueMatching(p -> p.offset() == 2));
    }

    @Test
    void anAlreadyPublishedSequenceAnswersAtOnceAndATimeoutAnswersEmpty() {
        tracker.published(at(3));

        assertThat(tracker.awaitPublished(dispatchId, 3, Duration.ofSeconds(5)).block())
                .isNotNull();
        assertThat(tracker.awaitPublished(dispatchId, 4, Duration.ofMillis(50)).blockOptional())
                .isEmpty();
    }
}
