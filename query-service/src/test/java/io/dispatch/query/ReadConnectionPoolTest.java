package io.dispatch.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.dispatch.infrastructure.EmbeddedPostgresServer;
import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.request.HttpEdgeProperties;
import io.r2dbc.pool.ConnectionPool;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.util.unit.DataSize;
import reactor.core.publisher.Flux;
import tools.jackson.databind.json.JsonMapper;

/**
 * query-service's pool across a kill -9 of PostgreSQL and its restart, against a server of this test's own: a
 * read while the server is away fails with what the API answers 503 with Retry-After (never 500), and once it is
 * back a burst of reads wide enough to reach every connection the pool held before the kill all succeed (issue 32:
 * two dead connections in a row failed a read some 40 s after the database came back).
 */
class ReadConnectionPoolTest {

    private static final int POOL_SIZE = 8;

    private final Path dataDir = Files.createTempDirectory("read-pool-");
    private final int port = freePort();
    private EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start(dataDir, port, true);
    private final ConnectionPool pool = ReadConnectionPool.create(new ReadDatabaseProperties(
            "r2dbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres", "postgres", POOL_SIZE));
    private final DatabaseClient database = DatabaseClient.create(pool);

    ReadConnectionPoolTest() throws IOException {}

    @AfterEach
    void stop() throws IOException {
        pool.dispose();
        postgres.close();
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(file -> file.toFile().delete());
        }
    }

    @Test
    void after_a_kill_9_of_postgresql_reads_fail_as_503_while_it_is_away_and_all_succeed_once_it_is_back()
            throws Exception {
        // the pool's connections in use at once (all of them, unless a slow machine lets one finish before the
        // last starts), then idle in it: after the kill they are dead, more of them than an acquire used to try (two)
        assertThat(burst(POOL_SIZE, "select pg_sleep(1)::text")).hasSize(POOL_SIZE);
        assertThat(pool.getMetrics().orElseThrow().allocatedSize()).isGreaterThanOrEqualTo(POOL_SIZE / 2);

        long pid = Long.parseLong(
                Files.readAllLines(dataDir.resolve("postmaster.pid")).getFirst().trim());
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
        // zonky keeps a lock on the data directory while its owner lives: give it up (its stop finds no server)
        postgres.close();

        // its backends leave within moments of it
        Throwable away = await().atMost(Duration.ofSeconds(30))
                .until(() -> catchThrowable(() -> burst(1, "select 'away'")), failure -> failure != null);
        MockServerWebExchange exchange =
                MockServerWebExchange.from(MockServerHttpRequest.get("/api/v1/external/dispatches"));
        new ApiErrorHandler(
                        JsonMapper.builder().build(),
                        DataSize.ofMegabytes(4),
                        new HttpEdgeProperties(Duration.ofSeconds(10), Duration.ofSeconds(60)))
                .handle(exchange, away)
                .block();
        assertThat(exchange.getResponse().getStatusCode())
                .as("the API's answer to %s", away)
                .isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(exchange.getResponse().getHeaders().getFirst("Retry-After")).isEqualTo("1");

        // the killed server's backends leave within moments; until then its shared memory is in use
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .until(() -> {
                    postgres = EmbeddedPostgresServer.start(dataDir, port, true);
                    return true;
                });
        // as many reads at once as the pool held connections before the kill: each takes one of them, or a new one
        assertThat(burst(POOL_SIZE, "select 'back'"))
                .as("reads once the database is back")
                .containsOnly("back");
        assertThat(burst(POOL_SIZE, "select 'again'")).containsOnly("again");
    }

    /** {@code reads} of the query at once, each on a connection of its own while it runs. */
    private List<String> burst(int reads, String sql) {
        return Flux.range(0, reads)
                .flatMap(
                        i -> database.sql(sql)
                                .map(row -> row.get(0, String.class))
                                .one(),
                        reads)
                .collectList()
                .block(Duration.ofSeconds(30));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
