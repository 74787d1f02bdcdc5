package io.dispatch.web.ratelimit;

import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.scheduling.PeriodicTask;
import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.RouteTable;
import java.time.Clock;
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

    /** The public tracking routes' limiter: per client IP (keys "ip:<address>"), in the same table. */
    @Bean
    PublicRateLimitFilter publicRateLimitFilter(
            DataSource dataSource,
            RateLimitProperties properties,
            Clock clock,
            ClientAddresses clients,
            RouteTable routes) {
        return PublicRateLimitFilter.of(
                ClientLimit.TRACKING,
                routes,
                new PostgresRateLimiter(dataSource, properties.publicPerMinute(), clock),
                clients);
    }

    /** The store webhook receivers' limiter: per client IP (keys "integrations-ip:<address>"), in the same table. */
    @Bean
    PublicRateLimitFilter integrationsRateLimitFilter(
            DataSource dataSource,
            RateLimitProperties properties,
            Clock clock,
            ClientAddresses clients,
            RouteTable routes) {
        return PublicRateLimitFilter.of(
                ClientLimit.INTEGRATIONS,
                routes,
                new PostgresRateLimiter(dataSource, properties.integrationsPerMinute(), clock),
                clients);
    }

    /** Signup and sign-in together: per client IP (keys "sign-in-ip:<address>"), in the same table. */
    @Bean
    PublicRateLimitFilter signInRateLimitFilter(
            DataSource dataSource,
            RateLimitProperties properties,
            Clock clock,
            ClientAddresses clients,
            RouteTable routes) {
        return PublicRateLimitFilter.of(
                ClientLimit.SIGN_IN,
                routes,
                new PostgresRateLimiter(dataSource, properties.signInPerMinute(), clock),
                clients);
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
