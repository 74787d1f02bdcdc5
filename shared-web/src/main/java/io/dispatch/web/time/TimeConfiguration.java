package io.dispatch.web.time;

import java.time.Clock;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one {@link Clock} of every service, found by SharedWebConfiguration's scan, so a service
 * run alone tells time exactly as the one-JVM run does. Tests that need to move time declare
 * their own clock as {@code @Primary} (see shared-web's WebLayersTestApp).
 */
@Configuration(proxyBeanMethods = false)
public class TimeConfiguration {

    /**
     * Time as the contract carries it: UTC, millisecond precision, the same in the event store,
     * the log and the answers. PostgreSQL keeps microseconds and the JSON instants carry
     * milliseconds, so an instant written, read back and compared is equal everywhere.
     */
    @Bean
    Clock clock() {
        return Clock.tick(Clock.systemUTC(), Duration.ofMillis(1));
    }
}
