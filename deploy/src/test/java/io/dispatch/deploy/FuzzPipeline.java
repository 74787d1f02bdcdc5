package io.dispatch.deploy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The consumers behind the API, seen from the test broker with a Kafka Admin client: every
 * active group of query-service, webhook-dispatcher and the sandbox simulator must commit, on
 * every partition it is assigned, the end offset that partition had when the fuzzer stopped. A
 * partition the group never committed on passes only if nothing was written to it during the
 * run (a group that starts at the latest offset commits nothing until a record comes).
 */
final class FuzzPipeline implements AutoCloseable {

    static final Pattern GROUPS =
            Pattern.compile("query-service\\..+|webhook-dispatcher(\\..+)?|command-service\\.sandbox-simulator");
    /** The groups that must be there: a run in which discovery found none of them proves nothing. */
    static final Set<String> EXPECTED = Set.of(
            "query-service.dispatches",
            "query-service.webhook-attempts",
            "query-service.rider-positions",
            "webhook-dispatcher",
            "command-service.sandbox-simulator");

    private final Admin admin;

    FuzzPipeline(String bootstrapServers) {
        admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                "30000"));
    }

    /** Active groups of the services, with the partitions their members hold. */
    Map<String, Set<TopicPartition>> assignments() throws Exception {
        List<String> ids = new ArrayList<>();
        for (GroupListing group : admin.listGroups().all().get()) {
            if (GROUPS.matcher(group.groupId()).matches()) {
                ids.add(group.groupId());
            }
        }
        Map<String, Set<TopicPartition>> assigned = new TreeMap<>();
        for (ConsumerGroupDescription group :
                admin.describeConsumerGroups(ids).all().get().values()) {
            Set<TopicPartition> partitions = new HashSet<>();
            group.members().forEach(m -> partitions.addAll(m.assignment().topicPartitions()));
            if (!partitions.isEmpty()) {
                assigned.put(group.groupId(), partitions);
            }
        }
        return assigned;
    }

    /** The end offset of every partition of the topics. */
    Map<TopicPartition, Long> endOffsets(Set<String> topics) throws Exception {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        admin.describeTopics(topics)
                .allTopicNames()
                .get()
                .forEach((topic, description) -> description
                        .partitions()
                        .forEach(p -> request.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest())));
        Map<TopicPartition, Long> ends = new HashMap<>();
        for (Map.Entry<TopicPartition, ListOffsetsResultInfo> e :
                admin.listOffsets(request).all().get().entrySet()) {
            ends.put(e.getKey(), e.getValue().offset());
        }
        return ends;
    }

    static Set<String> topics(Map<String, Set<TopicPartition>> assignments) {
        Set<String> topics = new HashSet<>();
        assignments.values().forEach(ps -> ps.forEach(p -> topics.add(p.topic())));
        return topics;
    }

    /**
     * What each group still has to commit to reach {@code target}, "group topic-partition
     * committed/target"; empty when every group has caught up.
     */
    List<String> behind(
            Map<String, Set<TopicPartition>> assignments,
            Map<TopicPartition, Long> before,
            Map<TopicPartition, Long> target)
            throws Exception {
        List<String> lagging = new ArrayList<>();
        for (var group : assignments.entrySet()) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group.getKey())
                    .partitionsToOffsetAndMetadata()
                    .get();
            for (TopicPartition partition : group.getValue()) {
                long end = target.getOrDefault(partition, 0L);
                OffsetAndMetadata offset = committed.get(partition);
                boolean caughtUp = offset != null ? offset.offset() >= end : before.getOrDefault(partition, 0L) >= end;
                if (!caughtUp) {
                    lagging.add(group.getKey() + " " + partition + " " + (offset == null ? "none" : offset.offset())
                            + "/" + end);
                }
            }
        }
        return lagging;
    }

    static Duration bound() {
        return Duration.ofSeconds(Long.getLong("fuzz.pipeline-seconds", 90));
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }
}
