package io.dispatch.web.kafka;

import io.dispatch.events.Topic;
import io.dispatch.events.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Every service declares every topic of the registry, so whichever starts first creates them
 * with the configured partition count ({@code dispatch.kafka.partitions}, default the registry's
 * 6; {@code dispatch.kafka.replication-factor}, default 1) and no consumer ever auto-creates one
 * with the broker's default. Readers take the count from the broker, so any count works; but
 * raising it on a live topic moves deliveries to other partitions, so do it with a drained
 * pipeline or a new topic replayed from the event store (docs/operating.md).
 */
@Configuration(proxyBeanMethods = false)
public class KafkaTopics {

  @Bean
  KafkaAdmin.NewTopics dispatchTopics(
      @Value("${dispatch.kafka.partitions:0}") int partitions,
      @Value("${dispatch.kafka.replication-factor:1}") short replicationFactor) {
    return new KafkaAdmin.NewTopics(Topics.ALL.stream()
        .map(topic -> topic(topic, partitions, replicationFactor))
        .toArray(NewTopic[]::new));
  }

  private static NewTopic topic(Topic topic, int partitions, short replicationFactor) {
    return TopicBuilder.name(topic.name())
        .partitions(partitions > 0 ? partitions : topic.partitions())
        .replicas(replicationFactor)
        .build();
  }
}
