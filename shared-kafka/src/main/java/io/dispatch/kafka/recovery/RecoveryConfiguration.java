package io.dispatch.kafka.recovery;

import io.dispatch.kafka.ReliableProducers;
import io.dispatch.kafka.TopicProperties;
import io.dispatch.web.scheduling.PeriodicTask;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Dead letters and stored positions of the consumer groups of this process (see
 * {@link RecordRecovery}): the store, the dead-letter topics, the replay of what an operator asked
 * for, and the gauge of open letters; its settings are {@link DeadLetterProperties}.
 */
@Configuration(proxyBeanMethods = false)
public class RecoveryConfiguration {

    @Bean
    DeadLetters deadLetters(JdbcTemplate jdbc, javax.sql.DataSource dataSource, Clock clock) {
        return new DeadLetters(jdbc, new TransactionTemplate(new DataSourceTransactionManager(dataSource)), clock);
    }

    @Bean(destroyMethod = "close")
    Producer<String, byte[]> deadLetterProducer(KafkaProperties properties) {
        Map<String, Object> config =
                ReliableProducers.settings(properties, "dead-letters-" + java.util.UUID.randomUUID(), Map.of());
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }

    @Bean
    RecordRecovery recordRecovery(
            DeadLetters letters,
            ObjectProvider<RecoverableConsumer> consumers,
            Producer<String, byte[]> deadLetterProducer,
            MeterRegistry meters,
            DeadLetterProperties properties) {
        return new RecordRecovery(letters, consumers, deadLetterProducer, meters, properties.attempts());
    }

    /** One dead-letter topic per consumer group of this process, as many partitions as its source. */
    @Bean
    KafkaAdmin.NewTopics deadLetterTopics(ObjectProvider<RecoverableConsumer> consumers, TopicProperties topics) {
        return new KafkaAdmin.NewTopics(consumers
                .orderedStream()
                .map(consumer -> TopicBuilder.name(RecordRecovery.topicOf(consumer.group()))
                        .partitions(1)
                        .replicas(topics.replicationFactor())
                        .build())
                .toArray(NewTopic[]::new));
    }

    @Bean
    PeriodicTask deadLetterReplays(RecordRecovery recovery, DeadLetterProperties properties) {
        return new PeriodicTask("dead-letter-replays", properties.replayInterval(), recovery::replayRequested);
    }

    /** {@code dispatch_dead_letters_open{group,status}}: letters not replayed yet, refreshed every 15 s. */
    @Bean
    PeriodicTask deadLetterGauge(DeadLetters letters, MeterRegistry meters) {
        Map<String, AtomicLong> open = new ConcurrentHashMap<>();
        return new PeriodicTask("dead-letter-gauge", Duration.ofSeconds(15), () -> {
            open.values().forEach(value -> value.set(0));
            for (Object[] row : letters.counts()) {
                String group = (String) row[0];
                String status = (String) row[1];
                open.computeIfAbsent(group + "/" + status, k -> {
                            AtomicLong value = new AtomicLong();
                            Gauge.builder("dispatch.dead.letters.open", value, AtomicLong::get)
                                    .description("Dead letters not replayed yet")
                                    .tag("group", group)
                                    .tag("status", status)
                                    .register(meters);
                            return value;
                        })
                        .set((Long) row[2]);
            }
        });
    }
}
