package io.dispatch.infrastructure;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL server process (zonky's embedded binaries) on 127.0.0.1, superuser {@code postgres},
 * trusting local connections. Running as root works: zonky then starts initdb and postgres
 * through {@code unshare -U}, as an unprivileged user in a user namespace, because PostgreSQL
 * refuses to run as root.
 *
 * <p>Commits are durable on the server's side in every mode: {@code synchronous_commit=on} (zonky's
 * default is off), so a commit answered to a client has its write-ahead log written before the
 * answer and survives a kill of the server process; persistent data is also fsynced, so it
 * survives a crash of the machine (docs/adr/0014-durable-commits.md).
 *
 * <p>With persistent data the owner must {@link #close()} it: the server is a process of its own
 * and no JVM shutdown hook stops it behind the owner's back (the local run stops its services
 * first, then Kafka, then PostgreSQL). A server a killed JVM left running is stopped by the next
 * start on the same directory ({@link LeftoverPostmaster}).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    /** System property: extra server settings, {@code name=value;name=value} (benchmarks only). */
    public static final String EXTRA_SETTINGS = "dispatch.embedded-postgres.settings";

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

    private final EmbeddedPostgres postgres;
    private final Path dataDir;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDir) {
        this.postgres = postgres;
        this.dataDir = dataDir;
    }

    /**
     * @param dataDir    the cluster's data directory, initialised if it holds no cluster yet
     * @param port       0 = a free one
     * @param persistent true: keep the data directory on close and sync writes to disk;
     *                   false: delete it on close and skip fsync (throw-away test data)
     */
    public static EmbeddedPostgresServer start(Path dataDir, int port, boolean persistent) {
        long started = System.nanoTime();
        // absolute, as it then appears in the server's command line (how a leftover server is recognised)
        Path directory = dataDir.toAbsolutePath();
        if (persistent) {
            LeftoverPostmaster.clear(directory);
        }
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(!persistent)
                // throw-away data: zonky's hook is a safety net that stops the server at JVM exit;
                // persistent data: the owner stops it, in its order (services, Kafka, PostgreSQL)
                .setRegisterShutdownHook(!persistent)
                // zonky's 10 s is short for crash recovery on a busy machine; a start it gives up
                // on keeps running without an owner
                .setPGStartupWait(STARTUP_WAIT)
                .setPort(port)
                // zonky listens on "localhost", which may also mean ::1; the URLs say 127.0.0.1
                .setServerConfig("listen_addresses", "127.0.0.1")
                // every test class gets its own database and apps pool connections
                .setServerConfig("max_connections", "300")
                // zonky always passes -F (fsync off); a later -c wins, so persistent data is synced
                .setServerConfig("fsync", persistent ? "on" : "off")
                .setServerConfig("full_page_writes", persistent ? "on" : "off")
                // zonky sets synchronous_commit=off: a commit would be answered before its WAL is
                // written, and lost if the server process is killed. On in every mode: with fsync off
                // (throw-away test data) the WAL still reaches the OS before the answer, which is
                // what surviving a kill of the process needs; a crash of the machine is what fsync is for.
                .setServerConfig("synchronous_commit", "on");
        if (persistent) {
            // the local run's one database: look for tables to vacuum every 5 s, not every minute, so the
            // webhook queue's dead rows go soon after its per-table threshold (V7, ADR 0033). Not every
            // second: a worker process starts for each database once per naptime, and at 1 s those took
            // 130-200 ms of CPU a second under load (50 ms idle), a tenth of two cores (ADR 0035). Not for the
            // tests' throw-away server, whose hundreds of databases would each get a worker that often.
            builder.setServerConfig("autovacuum_naptime", "5s");
        }
        // a benchmark's extra server settings, e.g. shared_preload_libraries=pg_stat_statements (bench/throughput.sh)
        String extra = System.getProperty(EXTRA_SETTINGS, "");
        for (String setting : extra.split(";")) {
            int equals = setting.indexOf('=');
            if (equals > 0) {
                builder.setServerConfig(
                        setting.substring(0, equals).strip(),
                        setting.substring(equals + 1).strip());
            }
        }
        try {
            EmbeddedPostgres postgres = builder.start();
            log.info(
                    "Embedded PostgreSQL on 127.0.0.1:{} (data {}) started in {} ms as OS user {}",
                    postgres.getPort(),
                    directory,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started),
                    System.getProperty("user.name"));
            return new EmbeddedPostgresServer(postgres, directory);
        } catch (IOException | RuntimeException e) {
            if (persistent) {
                // pg_ctl may have started a server that zonky then gave up on: leave none behind
                LeftoverPostmaster.stopAfterFailedStart(directory);
            }
            throw new IllegalStateException("could not start embedded PostgreSQL in " + directory, e);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    public Path dataDir() {
        return dataDir;
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not stop embedded PostgreSQL in " + dataDir, e);
        }
    }
}
