package io.dispatch.kafka;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;

/**
 * Which consumer groups of this process have had their first partition assignment, and how many
 * partitions each holds now. Readiness waits for it (a consumer that has not joined its group
 * yet cannot keep reads fresh); an assignment of no partitions counts, since a group with more
 * members than partitions leaves some idle by design.
 */
public final class PartitionAssignments implements ConsumerAwareRebalanceListener {

    private static final PartitionAssignments PROCESS = new PartitionAssignments();

    private final Set<String> started = ConcurrentHashMap.newKeySet();
    private final Map<String, Set<TopicPartition>> held = new ConcurrentHashMap<>();

    /** One per process: every listener container of the process reports here. */
    public static PartitionAssignments ofThisProcess() {
        return PROCESS;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        String group = group(consumer);
        held.computeIfAbsent(group, g -> ConcurrentHashMap.newKeySet()).addAll(partitions);
        started.add(group);
    }

    @Override
    public void onPartitionsRevokedAfterCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        held.getOrDefault(group(consumer), Set.of()).removeAll(partitions);
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        held.getOrDefault(group(consumer), Set.of()).removeAll(partitions);
    }

    public boolean assignedOnce(String group) {
        return started.contains(group);
    }

    public int held(String group) {
        return held.getOrDefault(group, Set.of()).size();
    }

    private static String group(Consumer<?, ?> consumer) {
        return consumer.groupMetadata().groupId();
    }
}
