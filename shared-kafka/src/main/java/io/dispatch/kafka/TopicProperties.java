package io.dispatch.kafka;

import io.dispatch.web.startup.SettingChecks;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the topics are created when missing ({@link KafkaTopics}).
 *
 * @param partitions partitions of every topic of the registry; 0 (the default) takes each topic's
 *     own count from the registry (6 for the delivery events)
 * @param replicationFactor replicas of every topic, dead-letter topics included
 */
@ConfigurationProperties("dispatch.kafka")
public record TopicProperties(
        @DefaultValue("0") int partitions,
        @DefaultValue("1") short replicationFactor) {

    public TopicProperties {
        SettingChecks.atLeast("dispatch.kafka.partitions", partitions, 0);
        SettingChecks.atLeast("dispatch.kafka.replication-factor", replicationFactor, 1);
    }
}
