package io.dispatch.command.publication;

import io.dispatch.web.scheduling.PeriodicTask;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code dispatch.publication.lag} (seconds), read from the store and the publisher's token every 10 s. */
@Configuration(proxyBeanMethods = false)
public class PublicationMetrics {

    @Bean
    PeriodicTask publicationLagMetrics(PublicationWatermark watermark, MeterRegistry meters, Clock clock) {
        AtomicLong millis = new AtomicLong();
        Gauge.builder("dispatch.publication.lag", millis, value -> value.get() / 1000.0)
                .description("Age of the oldest stored event not yet published to Kafka")
                .baseUnit("seconds")
                .register(meters);
        return new PeriodicTask(
                "publication-lag-metrics",
                Duration.ofSeconds(10),
                () -> millis.set(Math.round(watermark.oldestUnpublishedSeconds(clock.instant()) * 1000)));
    }
}
