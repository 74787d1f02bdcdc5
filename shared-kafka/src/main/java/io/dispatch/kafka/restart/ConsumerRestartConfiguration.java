package io.dispatch.kafka.restart;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Every service's listener containers come back after their consumer stopped on an error. */
@Configuration(proxyBeanMethods = false)
public class ConsumerRestartConfiguration {

    @Bean(destroyMethod = "close")
    StoppedConsumerRestarts stoppedConsumerRestarts(
            ConsumerRestartProperties settings, ApplicationEventPublisher events, Clock clock, MeterRegistry meters) {
        return new StoppedConsumerRestarts(settings, events, clock, meters);
    }
}
