package io.dispatch.infrastructure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Kafka and PostgreSQL inside/next to this JVM, without Docker. */
final class EmbeddedInfrastructure extends PostgresAndKafka {

    static final String KIND = "embedded";
    private static final Logger log = LoggerFactory.getLogger(EmbeddedInfrastructure.class);

    private final EmbeddedKafkaBroker kafka;
    private final EmbeddedPostgresServer postgres;
    /** The temporary directory to delete on close; null when the data is persistent. */
    private final Path temporaryDir;

    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedInfrastructure(EmbeddedKafkaBroker kafka, EmbeddedPostgresServer postgres, Path temporaryDir) {
        super("127.0.0.1", postgres.port());
        this.kafka = kafka;
        this.postgres = postgres;
        this.temporaryDir = temporaryDir;
    }

    static EmbeddedInfrastructure start(InfrastructureOptions options) {
        long started = System.nanoTime();
        Path temporaryDir = options.persistent() ? null : createTemporaryDir();
        Path dataDir = options.persistent() ? options.dataDir() : temporaryDir;
        // Each takes seconds and they are independent: Kafka starts on its own thread meanwhile
        // (not the common pool, which has a single worker on a 2-core machine).
        CompletableFuture<EmbeddedKafkaBroker> kafka = CompletableFuture.supplyAsync(
                () -> EmbeddedKafkaBroker.start(dataDir.resolve("kafka"), options.kafkaPort()),
                task -> Thread.ofPlatform()
                        .name("embedded-kafka-start")
                        .daemon()
                        .start(task));
        EmbeddedPostgresServer postgres = null;
        try {
            postgres = EmbeddedPostgresServer.start(
                    dataDir.resolve("postgres"), options.postgresPort(), options.persistent());
            EmbeddedInfrastructure infrastructure = new EmbeddedInfrastructure(kafka.join(), postgres, temporaryDir);
            log.info(
                    "Embedded infrastructure (data {}) started in {} ms",
                    dataDir,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            return infrastructure;
        } catch (RuntimeException e) {
            // stop whichever one did start, so a failed start leaves no broker or process behind
            closeQuietly(kafka.exceptionally(failure -> null).join());
            closeQuietly(postgres);
            deleteQuietly(temporaryDir);
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("could not start the embedded infrastructure in " + dataDir, cause);
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String kafkaBootstrapServers() {
        return kafka.bootstrapServers();
    }

    @Override
    public void close() {
        // tests may close explicitly and again from a shutdown hook
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            kafka.close();
        } finally {
            try {
                postgres.close();
            } finally {
                deleteQuietly(temporaryDir);
            }
        }
    }

    private static void closeQuietly(AutoCloseable started) {
        if (started == null) {
            return;
        }
        try {
            started.close();
        } catch (Exception e) {
            log.warn("could not stop {} after a failed start: {}", started, e.toString());
        }
    }

    private static Path createTemporaryDir() {
        try {
            return Files.createTempDirectory("dispatch-infrastructure-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            log.warn("could not delete {}: {}", dir, e.toString());
        }
    }
}
