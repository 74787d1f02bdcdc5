package io.dispatch.query;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.ValidationDepth;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.pool.PooledRefMetadata;

/**
 * query-service's R2DBC connections to PostgreSQL, pooled so that a restart of the database costs
 * the reads made while it is away (503 with Retry-After) and none after it is back (issue 32).
 *
 * <p>After a kill -9 of PostgreSQL every pooled connection is dead. The pool hands out the most
 * recently used idle connection first, so the dead ones that a light load never reaches stayed at
 * the bottom; a later burst reached them, and each acquire tried two (validation, one retry) before
 * failing: one read in about 2,300 answered 500 some 40 s after the database was back. Now:
 * <ul>
 *   <li>an idle connection whose socket is closed (the server's backend exited) is dropped before it
 *       is handed out, and in the background, without a round trip ({@link ValidationDepth#LOCAL});
 *   <li>every connection handed out has answered {@code select 1} first (a half-open socket, whose
 *       close never arrived, fails here within {@link #VALIDATION_TIMEOUT});
 *   <li>an acquire whose connection fails that check takes another, up to {@link #ACQUIRE_RETRIES}
 *       times, before it gives up (then the API answers 503, never 500);
 *   <li>idle connections go after {@link #MAX_IDLE}, every connection after {@link #MAX_LIFE}.
 * </ul>
 */
final class ReadConnectionPool {

    static final Duration MAX_IDLE = Duration.ofMinutes(1);
    static final Duration MAX_LIFE = Duration.ofMinutes(30);
    static final Duration EVICTION_INTERVAL = Duration.ofSeconds(30);
    static final Duration VALIDATION_TIMEOUT = Duration.ofSeconds(2);
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    static final int ACQUIRE_RETRIES = 3;

    private ReadConnectionPool() {}

    static ConnectionPool create(ReadDatabaseProperties database) {
        ConnectionFactory factory = ConnectionFactories.get(ConnectionFactoryOptions.parse(database.url())
                .mutate()
                .option(ConnectionFactoryOptions.USER, database.username())
                .option(ConnectionFactoryOptions.PASSWORD, database.password())
                .build());
        return new ConnectionPool(ConnectionPoolConfiguration.builder(factory)
                .initialSize(2)
                .maxSize(database.poolSize())
                .validationQuery("select 1")
                .maxValidationTime(VALIDATION_TIMEOUT)
                .acquireRetry(ACQUIRE_RETRIES)
                .maxCreateConnectionTime(CONNECT_TIMEOUT)
                .maxIdleTime(MAX_IDLE)
                .maxLifeTime(MAX_LIFE)
                .backgroundEvictionInterval(EVICTION_INTERVAL)
                // replaces the pool's own idle/life predicate (the builder takes one), keeping its rules
                .customizer(pool -> pool.evictionPredicate(ReadConnectionPool::evict))
                .build());
    }

    /** Tested on an idle connection before it is handed out, and by the background eviction. */
    static boolean evict(Connection connection, PooledRefMetadata metadata) {
        return metadata.idleTime() >= MAX_IDLE.toMillis()
                || metadata.lifeTime() >= MAX_LIFE.toMillis()
                || closed(connection);
    }

    /**
     * Whether the connection knows its socket is closed. PostgreSQL's driver answers a LOCAL
     * validation at once (its client's channel state); a driver that would make it wait counts as open.
     */
    static boolean closed(Connection connection) {
        Boolean open = Mono.from(connection.validate(ValidationDepth.LOCAL))
                .onErrorReturn(false)
                .toFuture()
                .getNow(Boolean.TRUE);
        return !Boolean.TRUE.equals(open);
    }
}
