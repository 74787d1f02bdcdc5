package io.dispatch.kafka;

import io.dispatch.events.Topic;
import io.dispatch.events.Topics;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Every service declares every topic of the registry, so whichever starts first creates them
 * with the configured partition count and replicas ({@link TopicProperties}) and no consumer ever auto-creates one
 * with the broker's default. Readers take the count from the broker, so any count works; but
 * raising it on a live topic moves deliveries to other partitions, so do it with a drained
 * pipeline or a new topic replayed from the event store (docs/operating.md).
 *
 * <p>The topics are the log the read models are rebuilt from (docs/adr/0016), so none may lose a
 * record to retention: dispatch-events and webhook-attempts are kept forever ({@code retention.ms=-1}),
 * rider-positions is compacted (the newest fix of each rider is all its read model holds). An
 * existing topic is altered to these settings at start-up ({@code spring.kafka.admin.modify-topic-configs}).
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:io/dispatch/kafka/topics.properties")
public class KafkaTopics {

    /** The settings each topic needs to stay a complete log. */
    public static Map<String, String> configOf(Topic topic) {
        return topic.equals(Topics.RIDER_POSITIONS)
                ? Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)
                : Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG,
                        TopicConfig.CLEANUP_POLICY_DELETE,
                        TopicConfig.RETENTION_MS_CONFIG,
                        "-1",
                        TopicConfig.RETENTION_BYTES_CONFIG,
                        "-1");
    }

    @Bean
    KafkaAdmin.NewTopics dispatchTopics(TopicProperties properties) {
        return new KafkaAdmin.NewTopics(Topics.ALL.stream()
                .map(topic -> topic(topic, properties.partitions(), properties.replicationFactor()))
                .toArray(NewTopic[]::new));
    }

    private static NewTopic topic(Topic topic, int partitions, short replicationFactor) {
        return TopicBuilder.name(topic.name())
                .partitions(partitions > 0 ? partitions : topic.partitions())
                .replicas(replicationFactor)
                .configs(configOf(topic))
                .build();
    }
}
