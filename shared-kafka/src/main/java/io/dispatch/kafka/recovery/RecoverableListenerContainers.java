package io.dispatch.kafka.recovery;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventEnvelopeDeserializer;
import io.dispatch.kafka.EventListenerContainers;
import io.dispatch.kafka.PartitionAssignments;
import org.apache.kafka.common.serialization.Deserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/**
 * The containers of consumer groups that write a database: {@link EventListenerContainers}' policy,
 * then {@link RecordRecovery}'s. The group resumes from the positions stored with its writes, and a
 * record that fails for a reason other than an outage is dead-lettered after bounded retries
 * instead of stalling its partition.
 */
public final class RecoverableListenerContainers {

    private RecoverableListenerContainers() {}

    /** Event topics consumed by groups that write a database. */
    public static ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> create(
            KafkaProperties properties, int concurrency, RecordRecovery recovery) {
        return create(properties, concurrency, new EventEnvelopeDeserializer(), recovery);
    }

    /** The same recovery for a topic of other records that a group writes to a database (e.g. rider positions). */
    public static <V> ConcurrentKafkaListenerContainerFactory<String, V> create(
            KafkaProperties properties, int concurrency, Deserializer<V> values, RecordRecovery recovery) {
        var factory = EventListenerContainers.create(properties, concurrency, values);
        factory.setCommonErrorHandler(recovery.errorHandler());
        factory.setRecordInterceptor(recovery.interceptor());
        factory.setBatchInterceptor(recovery.batchInterceptor());
        factory.getContainerProperties()
                .setConsumerRebalanceListener(recovery.positions(PartitionAssignments.ofThisProcess()));
        return factory;
    }
}
