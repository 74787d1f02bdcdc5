package io.dispatch.command.simulator;

import io.dispatch.command.dispatch.application.DispatchHistory;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.rider.RiderWorkload;
import io.dispatch.events.EventEnvelope;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.kafka.EventListenerContainers;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/** The sandbox rider simulator, only where {@link SimulatorEnabled} says so. */
@Configuration(proxyBeanMethods = false)
@Conditional(SimulatorEnabled.class)
@EnableConfigurationProperties(SimulatorProperties.class)
class SimulatorConfiguration {

  @Bean(destroyMethod = "stop")
  SandboxSimulator sandboxSimulator(
      SimulatorProperties settings,
      MerchantAccounts merchants,
      RiderAccounts riders,
      RiderWorkload workload,
      DispatchHistory history,
      Pricing pricing,
      Environment environment,
      Clock clock) {
    return new SandboxSimulator(settings, merchants, riders, workload, history, pricing, environment, clock);
  }

  /** One instance of all drives the simulator: the holder of a PostgreSQL advisory lock. */
  @Bean(destroyMethod = "stop")
  SimulatorLeadership simulatorLeadership(
      DataSource dataSource, SandboxSimulator simulator, KafkaListenerEndpointRegistry listeners) {
    return new SimulatorLeadership(dataSource, simulator, listeners);
  }

  /** One consumer: the simulator keeps its state in this process. */
  @Bean
  ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> simulatorContainerFactory(KafkaProperties properties) {
    return EventListenerContainers.create(properties, 1);
  }
}
