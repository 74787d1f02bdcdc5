package io.dispatch.kafka;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;

/**
 * How every service uses Kafka: the topics it creates, the reliable producers, the listener
 * containers that resume from stored positions and dead-letter what they cannot apply, the replay
 * of dead letters, and the consumers' health and lag. Imported by each service next to
 * {@code SharedWebConfiguration}; Spring registers it once when they run in one JVM.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.kafka")
@ConfigurationPropertiesScan("io.dispatch.kafka")
public class SharedKafkaConfiguration {

    /**
     * The kafka schema: dead letters and parked keys, which this module writes. After the identity
     * schema's migrations, whose V6 first created the two tables that this schema's V1 moves here.
     */
    @Bean(initMethod = "migrate")
    @DependsOn("identityFlyway")
    Flyway kafkaFlyway(DataSource dataSource) {
        return Flyway.configure()
                .dataSource(dataSource)
                .schemas("kafka")
                .locations("classpath:db/kafka")
                .load();
    }
}
