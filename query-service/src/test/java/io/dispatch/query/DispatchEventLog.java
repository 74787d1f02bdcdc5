package io.dispatch.query;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topic;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.EventEnvelopeSerializer;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The dispatch-events topic on the shared broker as query-service's tests write it: topics created
 * with the registry's partitions when missing, events sent keyed by delivery as command-service
 * sends them, and a wait for the broker to have acknowledged every one sent so far.
 */
public final class DispatchEventLog implements AutoCloseable {

    private final KafkaProducer<String, EventEnvelope> producer;
    private final List<Future<RecordMetadata>> pending = new ArrayList<>();

    public DispatchEventLog() {
        producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        SharedTestInfrastructure.get().kafkaBootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true),
                new StringSerializer(),
                new EventEnvelopeSerializer());
    }

    /** Creates the topics that are not there already. */
    public static void createTopics(Topic... topics) {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                SharedTestInfrastructure.get().kafkaBootstrapServers()))) {
            for (Topic topic : topics) {
                try {
                    admin.createTopics(List.of(new NewTopic(topic.name(), topic.partitions(), (short) 1)))
                            .all()
                            .get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Moves a consumer group with no members left back to the start of a topic. Test classes
     * each start their read model empty (a database of their own) but share the projections'
     * consumer groups on the shared broker: a group whose committed offsets are past events a later
     * class's database never saw leaves that class without positions for those partitions, and its
     * reads wait for them until max-staleness-wait. From the start, the later class applies them all.
     */
    public static void rewind(String group, Topic topic) {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                SharedTestInfrastructure.get().kafkaBootstrapServers()))) {
            Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
            for (int partition = 0; partition < topic.partitions(); partition++) {
                partitions.put(new TopicPartition(topic.name(), partition), OffsetSpec.earliest());
            }
            Map<TopicPartition, OffsetAndMetadata> start = new HashMap<>();
            admin.listOffsets(partitions)
                    .all()
                    .get()
                    .forEach((partition, earliest) -> start.put(partition, new OffsetAndMetadata(earliest.offset())));
            admin.alterConsumerGroupOffsets(group, start).all().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not rewind consumer group " + group, e);
        }
    }

    /** Sends without waiting; {@link #acknowledged()} waits for the broker to have them all. */
    public synchronized void publish(EventEnvelope envelope) {
        pending.add(producer.send(
                new ProducerRecord<>(Topics.DISPATCH_EVENTS.name(), Topics.keyOf(envelope.dispatchId()), envelope)));
    }

    /** From here on, a read must see every event published so far. */
    public synchronized void acknowledged() {
        try {
            for (Future<RecordMetadata> sent : pending) {
                sent.get(30, TimeUnit.SECONDS);
            }
            pending.clear();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
