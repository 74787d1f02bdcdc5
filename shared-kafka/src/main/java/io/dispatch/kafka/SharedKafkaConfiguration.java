package io.dispatch.kafka;

import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * How every service uses Kafka: the topics it creates, the reliable producers, the listener
 * containers that resume from stored positions and dead-letter what they cannot apply, the replay
 * of dead letters, and the consumers' health and lag. Imported by each service next to
 * {@code SharedWebConfiguration}; Spring registers it once when they run in one JVM.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.kafka")
@ConfigurationPropertiesScan("io.dispatch.kafka")
public class SharedKafkaConfiguration {}
