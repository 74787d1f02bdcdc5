package io.dispatch.web.ratelimit;

import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.scheduling.PeriodicTask;
import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.RouteTable;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The rate limiter over the shared PostgreSQL (table from db/identity/V3) and its cleanup. */
@Configuration(proxyBeanMethods = false)
public class RateLimitConfiguration {

    @Bean
    PostgresRateLimiter rateLimiter(DataSource dataSource, RateLimitProperties properties, Clock clock) {
        return new PostgresRateLimiter(dataSource, properties.perMinute(), clock);
    }

    /**
     * The per-client-IP limits of the routes without a credential, each in buckets of its own in the
     * same table: tracking ("ip:<address>"), the store webhook receivers ("integrations-ip:<address>"),
     * signup and the sign-ins together ("sign-in-ip:<address>").
     */
    @Bean
    PublicRateLimitFilter publicRateLimitFilter(
            DataSource dataSource,
            RateLimitProperties properties,
            Clock clock,
            ClientAddresses clients,
            RouteTable routes) {
        Map<ClientLimit, RateLimiter> limiters = new EnumMap<>(ClientLimit.class);
        for (ClientLimit limit : ClientLimit.values()) {
            limiters.put(limit, new PostgresRateLimiter(dataSource, properties.perMinute(limit), clock));
        }
        return new PublicRateLimitFilter(limiters, routes, clients);
    }

    /** The rider API's limiter: per rider (keys "rider:<id>"), in the same table. */
    @Bean
    RiderRateLimitFilter riderRateLimitFilter(DataSource dataSource, RateLimitProperties properties, Clock clock) {
        return new RiderRateLimitFilter(new PostgresRateLimiter(dataSource, properties.riderPerMinute(), clock));
    }

    /** Failed credential checks per client IP (keys "failed-credentials-ip:<address>"), in the same table. */
    @Bean
    FailedCredentials failedCredentials(DataSource dataSource, RateLimitProperties properties, Clock clock) {
        return new FailedCredentials(
                new PostgresRateLimiter(dataSource, properties.failedCredentialsPerMinute(), clock),
                properties.failedCredentialsPerMinute(),
                clock);
    }

    /** Open tracking streams per client IP, counted in memory: a stream is held by one instance. */
    @Bean
    TrackingStreamSlots trackingStreamSlots(
            RateLimitProperties properties, ClientAddresses clients, RouteTable routes) {
        return new TrackingStreamSlots(properties.trackingStreamsPerClient(), clients, routes);
    }

    @Bean
    PeriodicTask rateLimitBucketCleanup(PostgresRateLimiter limiter, RateLimitProperties properties) {
        return new PeriodicTask("rate-limit-cleanup", properties.cleanupInterval(), limiter::removeExpired);
    }
}
