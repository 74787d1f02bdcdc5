package io.dispatch.command.dispatch.application;

import io.dispatch.command.publication.PublicationProperties;
import io.dispatch.command.publication.PublicationTracker;
import io.dispatch.command.publication.PublicationTracker.Published;
import io.dispatch.command.publication.PublicationWatermark;
import io.dispatch.events.view.DispatchView;
import io.dispatch.web.scheduling.Blocking;
import java.time.Duration;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The answer to every write, creation or not: it waits (bounded) until the write's last event is
 * on Kafka, so that a read sent after the answer sees the write, then answers the delivery as it
 * now stands.
 */
@Component
class WriteAnswers {

    private static final Logger log = LoggerFactory.getLogger(WriteAnswers.class);

    private final DispatchHistory history;
    private final PublicationTracker publication;
    private final PublicationWatermark watermark;
    private final Duration publicationWait;

    WriteAnswers(
            DispatchHistory history,
            PublicationTracker publication,
            PublicationWatermark watermark,
            PublicationProperties publicationSettings) {
        this.history = history;
        this.publication = publication;
        this.watermark = watermark;
        this.publicationWait = publicationSettings.maxWait();
    }

    /** The delivery once event {@code sequence} of it is on Kafka, or once the wait ran out. */
    Mono<Written> afterWrite(UUID dispatchId, long sequence) {
        Mono<Optional<Published>> here = publication
                .awaitPublished(dispatchId, sequence, publicationWait)
                .map(Optional::of);
        // another instance may run the publisher: then its token in the database tells when the event is on Kafka
        Mono<Optional<Published>> anywhere = watermark.publishesHere()
                ? here
                : Mono.firstWithValue(
                                here,
                                watermark
                                        .awaitPublished(dispatchId, sequence, publicationWait)
                                        .map(published -> Optional.<Published>empty()))
                        .onErrorResume(NoSuchElementException.class, e -> Mono.empty());
        return anywhere.switchIfEmpty(Mono.fromSupplier(() -> {
                    log.warn(
                            "Event {}#{} not on Kafka after {}; answering without the read-your-writes promise",
                            dispatchId,
                            sequence,
                            publicationWait);
                    return Optional.empty();
                }))
                .flatMap(published -> {
                    // A creation's published event is the whole history: no need to read the store back.
                    if (sequence == 0
                            && published.isPresent()
                            && published.get().envelope().sequence() == 0) {
                        return Mono.just(
                                new Written(DispatchView.created(published.get().envelope()), published.get()));
                    }
                    return Blocking.call(
                            () -> new Written(history.current(dispatchId).orElseThrow(), published.orElse(null)));
                });
    }
}
