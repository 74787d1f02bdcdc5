package io.dispatch.kafka.recovery;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.kafka.support.serializer.DeserializationException;

/**
 * The {@link RecoverableConsumer}s of this process, found by consumer group. A group without one
 * (an in-memory stream) keeps Kafka's offsets and has no dead letters.
 */
final class GroupConsumers {

    private final ObjectProvider<RecoverableConsumer> consumers;

    GroupConsumers(ObjectProvider<RecoverableConsumer> consumers) {
        this.consumers = consumers;
    }

    Optional<RecoverableConsumer> of(String group) {
        return consumers.orderedStream().filter(c -> c.group().equals(group)).findFirst();
    }

    Set<String> groups() {
        Set<String> groups = new HashSet<>();
        consumers.orderedStream().forEach(c -> groups.add(c.group()));
        return groups;
    }

    /** The record's bytes as they were on the log: those the decoder refused, or its value written back. */
    byte[] payload(String group, ConsumerRecord<?, ?> record, Exception failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DeserializationException undecodable) {
                return undecodable.getData();
            }
        }
        return codecOf(group).bytesOf(record.topic(), record.value());
    }

    private RecordCodec<?> codecOf(String group) {
        return of(group).<RecordCodec<?>>map(RecoverableConsumer::codec).orElse(RecordCodec.EVENTS);
    }
}
