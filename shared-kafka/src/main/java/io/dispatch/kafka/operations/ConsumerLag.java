package io.dispatch.kafka.operations;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * {@code dispatch.consumer.lag{group, topic, partition}}: how many records each consumer group
 * of this process is behind the end of each partition, from the group's committed offsets and
 * the broker's end offsets (so every instance of a service reports the same figure for its
 * groups: take the max across instances). The figure operators scale consumers by. Groups of
 * one instance each (the live tracking feed, named with a random UUID) are left out.
 */
final class ConsumerLag implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(ConsumerLag.class);

    private static final java.util.regex.Pattern PER_INSTANCE =
            java.util.regex.Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$");

    private final Admin admin;
    private final KafkaListenerEndpointRegistry registry;
    private final MultiGauge gauge;

    ConsumerLag(Admin admin, KafkaListenerEndpointRegistry registry, MeterRegistry meters) {
        this.admin = admin;
        this.registry = registry;
        this.gauge = MultiGauge.builder("dispatch.consumer.lag")
                .description("Records behind the end of the partition, per consumer group")
                .register(meters);
    }

    @Override
    public void run() {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (String group : groups()) {
            try {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata()
                        .get(5, TimeUnit.SECONDS);
                if (committed.isEmpty()) {
                    continue;
                }
                Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
                committed.keySet().forEach(partition -> latest.put(partition, OffsetSpec.latest()));
                Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
                        admin.listOffsets(latest).all().get(5, TimeUnit.SECONDS);
                committed.forEach((partition, offset) -> {
                    long end = ends.get(partition).offset();
                    long lag = offset == null ? end : Math.max(0, end - offset.offset());
                    rows.add(MultiGauge.Row.of(
                            Tags.of(
                                    "group",
                                    group,
                                    "topic",
                                    partition.topic(),
                                    "partition",
                                    Integer.toString(partition.partition())),
                            lag));
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                log.debug("Could not read the lag of group {}: {}", group, e.toString());
            }
        }
        gauge.register(rows, true);
    }

    private Set<String> groups() {
        Set<String> groups = new LinkedHashSet<>();
        if (registry != null) {
            for (MessageListenerContainer container : registry.getListenerContainers()) {
                // a group per instance (the live tracking feed) is not a figure to scale by
                if (container.getGroupId() != null
                        && !PER_INSTANCE.matcher(container.getGroupId()).find()) {
                    groups.add(container.getGroupId());
                }
            }
        }
        return groups;
    }
}
