package io.dispatch.command.publication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.DispatchEventsTopic;
import io.dispatch.command.dispatch.domain.CreateDispatchExample;
import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Stop;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.awaitility.core.ConditionTimeoutException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Publication against a real broker and PostgreSQL: events committed while the publisher is
 * down (as after a crash between commit and send) reach Kafka once it runs again, in order,
 * keyed by delivery, with the envelope's sequence; and a writer's own send after commit is the
 * only copy on Kafka (the publisher passes it without sending it again).
 */
class KafkaPublicationTest extends CommandServiceIntegrationTest {

    @Autowired
    CommandGateway commands;

    @Autowired
    EventProcessingConfiguration processing;

    @Autowired
    DirectPublication direct;

    @Autowired
    PublicationTracker tracker;

    @Autowired
    PublicationWatermark watermark;

    @Autowired
    PlatformTransactionManager transactions;

    @Test
    void events_committed_while_the_publisher_is_down_are_published_in_order_when_it_returns() {
        EventProcessor publisher =
                processing.eventProcessor(KafkaEventPublisher.PROCESSING_GROUP).orElseThrow();
        publisher.shutDown();
        direct.enabled(false); // as if the writer died between its commit and its own send
        try {
            UUID id = UUID.randomUUID();
            UUID merchant = UUID.randomUUID();
            createAndCancel(id, merchant);

            List<EventEnvelope> seen = new CopyOnWriteArrayList<>();
            try (KafkaConsumer<String, EventEnvelope> consumer = DispatchEventsTopic.subscribe()) {
                DispatchEventsTopic.poll(consumer, seen, id, Duration.ofSeconds(2));
                assertThat(seen)
                        .as("nothing is published while the publisher is down")
                        .isEmpty();

                publisher.start();
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    DispatchEventsTopic.poll(consumer, seen, id, Duration.ofMillis(200));
                    assertThat(seen).hasSize(2);
                });
            }
            assertThat(seen.get(0).event()).isInstanceOf(DispatchCreated.class);
            assertThat(seen.get(0).sequence()).isZero();
            assertThat(seen.get(1).event()).isInstanceOf(DispatchCancelled.class);
            assertThat(seen.get(1).sequence()).isEqualTo(1);
            assertThat(seen.get(1).merchantId()).isEqualTo(merchant);
        } finally {
            direct.enabled(true);
            publisher.start(); // the context is shared with other tests; starting a running one does nothing
        }
    }

    @Test
    void writers_send_their_own_events_after_commit_and_the_publisher_sends_no_second_copy() {
        EventProcessor publisher =
                processing.eventProcessor(KafkaEventPublisher.PROCESSING_GROUP).orElseThrow();
        publisher.shutDown();
        try {
            UUID id = UUID.randomUUID();
            UUID merchant = UUID.randomUUID();
            List<EventEnvelope> seen = new CopyOnWriteArrayList<>();
            try (KafkaConsumer<String, EventEnvelope> consumer = DispatchEventsTopic.subscribe()) {
                DispatchEventsTopic.poll(consumer, seen, id, Duration.ofSeconds(1));
                create(id, merchant);
                // a write is answered once its own send is acknowledged (ADR 0018), so a merchant's next
                // write of the delivery finds its predecessor on Kafka; sendAndWait does not wait for that
                await().atMost(Duration.ofSeconds(10)).until(() -> tracker.isPublished(id, 0));
                cancel(id, merchant);
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    DispatchEventsTopic.poll(consumer, seen, id, Duration.ofMillis(200));
                    assertThat(seen)
                            .as("both events are on Kafka with the publisher down")
                            .hasSize(2);
                });
                assertThat(tracker.isPublished(id, 1)).isTrue();

                publisher.start();
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> watermark.oldestUnpublishedSeconds(Instant.now()) == 0);
                DispatchEventsTopic.poll(consumer, seen, id, Duration.ofSeconds(2));
            }
            assertThat(seen)
                    .extracting(EventEnvelope::sequence)
                    .as("in order, each once")
                    .containsExactly(0L, 1L);
        } finally {
            publisher.start();
        }
    }

    @Test
    void a_publisher_that_sees_an_event_before_its_writer_sent_it_waits_for_that_send_instead_of_sending_a_copy() {
        UUID id = UUID.randomUUID();
        UUID merchant = UUID.randomUUID();
        List<EventEnvelope> seen = new CopyOnWriteArrayList<>();
        try (KafkaConsumer<String, EventEnvelope> consumer = DispatchEventsTopic.subscribe()) {
            DispatchEventsTopic.poll(consumer, seen, id, Duration.ofSeconds(1));
            new TransactionTemplate(transactions).executeWithoutResult(status -> {
                // runs after the commit and before the writer's own send: the publisher gets its chance to see the
                // event first, as a busy writer thread gives it in production (the race that once sent two copies)
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        try {
                            await().atMost(Duration.ofSeconds(2)).until(() -> tracker.isPublished(id, 0));
                        } catch (ConditionTimeoutException publisherWaitedForTheWriter) {
                            // the expected case: the publisher is waiting for this writer's decision
                        }
                    }
                });
                create(id, merchant);
            });
            await().atMost(Duration.ofSeconds(30)).until(() -> watermark.oldestUnpublishedSeconds(Instant.now()) == 0);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                DispatchEventsTopic.poll(consumer, seen, id, Duration.ofMillis(200));
                assertThat(seen).isNotEmpty();
            });
            DispatchEventsTopic.poll(consumer, seen, id, Duration.ofSeconds(2));
        }
        assertThat(seen).extracting(EventEnvelope::sequence).as("one copy").containsExactly(0L);
    }

    private void create(UUID id, UUID merchant) {
        commands.sendAndWait(CreateDispatchExample.prepaid(
                id, merchant, new Stop("A", null, null, null), new Stop("B", null, null, null)));
    }

    private void cancel(UUID id, UUID merchant) {
        Long cancelSequence = commands.sendAndWait(new CancelDispatch(id, merchant, "changed mind"));
        assertThat(cancelSequence).isEqualTo(1L);
    }

    private void createAndCancel(UUID id, UUID merchant) {
        create(id, merchant);
        cancel(id, merchant);
    }
}
