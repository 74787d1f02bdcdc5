import io.dispatch.infrastructure.EmbeddedPostgresServer;
import java.nio.file.Path;

/**
 * Starts the project's embedded PostgreSQL exactly as the infrastructure module does, for
 * bench/synchronous-commit.sh: {@code persistent} (the local run's settings: fsync on) or
 * {@code throw-away} (the tests' settings: fsync off), prints {@code port=<n>}, and stops the
 * server when its standard input closes.
 * Usage: java -cp <infrastructure classes and runtime dependencies> bench/EmbeddedPostgresForBench.java
 *        persistent|throw-away <data dir>
 */
public class EmbeddedPostgresForBench {

    public static void main(String[] args) throws Exception {
        boolean persistent = switch (args[0]) {
            case "persistent" -> true;
            case "throw-away" -> false;
            default -> throw new IllegalArgumentException("persistent or throw-away, was " + args[0]);
        };
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(Path.of(args[1]), 0, persistent)) {
            System.out.println("port=" + server.port());
            System.out.flush();
            System.in.transferTo(java.io.OutputStream.nullOutputStream());
        }
    }
}
