package io.dispatch.kafka.operations;

import io.dispatch.kafka.PartitionAssignments;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * The "consumers" health contributor of readiness: every Kafka listener of this process that is
 * meant to run is running and has joined its group (had its first partition assignment, which
 * may be no partitions when the group has more members than partitions). A process without
 * listeners is UP.
 */
final class ConsumerAssignments implements HealthIndicator {

    private final KafkaListenerEndpointRegistry registry;
    private final PartitionAssignments assignments;

    ConsumerAssignments(KafkaListenerEndpointRegistry registry, PartitionAssignments assignments) {
        this.registry = registry;
        this.assignments = assignments;
    }

    @Override
    public Health health() {
        Map<String, Object> groups = new TreeMap<>();
        boolean up = true;
        for (MessageListenerContainer container :
                registry == null ? java.util.List.<MessageListenerContainer>of() : registry.getListenerContainers()) {
            String group = container.getGroupId();
            if (group == null || !container.isAutoStartup()) {
                continue;
            }
            boolean joined = container.isRunning() && assignments.assignedOnce(group);
            up &= joined;
            groups.put(group, joined ? "partitions " + assignments.held(group) : "not assigned yet");
        }
        return (up ? Health.up() : Health.down()).withDetails(groups).build();
    }
}
