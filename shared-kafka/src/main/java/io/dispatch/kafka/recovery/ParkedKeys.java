package io.dispatch.kafka.recovery;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.BatchInterceptor;
import org.springframework.kafka.listener.RecordInterceptor;

/**
 * The keys each consumer group of this process holds back behind a dead letter: a key's later
 * records (one delivery) become dead letters too, so the delivery's order survives the replay.
 * The map is only a hint, reloaded on every assignment; {@link DeadLetters#parkIfBehind} decides.
 */
final class ParkedKeys {

    private static final Logger log = LoggerFactory.getLogger(ParkedKeys.class);

    private final DeadLetters letters;
    private final GroupConsumers consumers;
    private final DeadLetterTopic topic;
    private final Map<String, Set<String>> parked = new ConcurrentHashMap<>();

    ParkedKeys(DeadLetters letters, GroupConsumers consumers, DeadLetterTopic topic) {
        this.letters = letters;
        this.consumers = consumers;
        this.topic = topic;
    }

    void park(String group, Object key) {
        if (key != null) {
            parked.computeIfAbsent(group, g -> ConcurrentHashMap.newKeySet()).add(key.toString());
        }
    }

    /** Replaces the group's hint with the keys the database holds back. */
    void reload(String group) {
        Set<String> keys = ConcurrentHashMap.newKeySet();
        keys.addAll(letters.parkedKeys(group));
        parked.put(group, keys);
    }

    <V> RecordInterceptor<String, V> recordInterceptor() {
        return new RecordInterceptor<>() {
            @Override
            public ConsumerRecord<String, V> intercept(ConsumerRecord<String, V> record, Consumer<String, V> consumer) {
                return heldBack(consumer.groupMetadata().groupId(), record) ? null : record;
            }
        };
    }

    <V> BatchInterceptor<String, V> batchInterceptor() {
        return new BatchInterceptor<>() {
            @Override
            public ConsumerRecords<String, V> intercept(
                    ConsumerRecords<String, V> records, Consumer<String, V> consumer) {
                String group = consumer.groupMetadata().groupId();
                if (parked.getOrDefault(group, Set.of()).isEmpty()) {
                    return records;
                }
                Map<TopicPartition, List<ConsumerRecord<String, V>>> kept = new HashMap<>();
                for (TopicPartition partition : records.partitions()) {
                    List<ConsumerRecord<String, V>> list = records.records(partition).stream()
                            .filter(record -> !heldBack(group, record))
                            .toList();
                    kept.put(partition, list);
                }
                return new ConsumerRecords<>(kept, Map.of());
            }
        };
    }

    private boolean heldBack(String group, ConsumerRecord<?, ?> record) {
        Set<String> keys = parked.get(group);
        if (keys == null || record.key() == null || !keys.contains(record.key().toString())) {
            return false;
        }
        byte[] payload = consumers.payload(group, record, null);
        if (letters.parkIfBehind(group, record, payload)) {
            consumers.of(group).ifPresent(c -> c.passed(record.topic(), record.partition(), record.offset()));
            topic.publish(group, record, payload, "held back behind an earlier dead letter", DeadLetters.PARKED);
            topic.count(group, DeadLetters.PARKED);
            log.warn(
                    "Held back {}-{}@{} (key {}) of group {}: an earlier record of the key is dead-lettered",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    record.key(),
                    group);
            return true;
        }
        // the letter was replayed meanwhile: the key flows again
        keys.remove(record.key().toString());
        return false;
    }
}
