package io.dispatch.infrastructure;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One KRaft Kafka broker in combined mode (broker and controller, node 1) inside this JVM,
 * listening on 127.0.0.1 only. Formats its log directory on first use; a later start on the same
 * directory keeps topics and records (cluster id and metadata live in the directory).
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);
    private static final String LOOPBACK = "127.0.0.1";
    private static final int NODE_ID = 1;
    private static final long READY_TIMEOUT_SECONDS = 60;
    /**
     * Kafka's default, kept on purpose. After a kill -9 the metadata log still holds this node's
     * broker registration, unfenced; the controller, restarting with it, gives it a fresh session
     * and refuses the new incarnation ("Another broker is registered with that broker id") until
     * that session expires, then the broker registers. That costs this long once, after a crash
     * only (a clean stop fences the broker in the log). A shorter session would shorten that wait
     * but also fence the only broker, taking every partition offline, whenever the heartbeat is
     * late by that much: a GC pause or a starved CPU on a shared 2-core machine is enough.
     */
    static final int BROKER_SESSION_TIMEOUT_MS = 9000;
    /** Kafka writes it when its logs were closed cleanly and deletes it when it opens them. */
    private static final String CLEAN_SHUTDOWN_FILE = ".kafka_cleanshutdown";

    static {
        // Kafka calls Exit.halt/exit on fatal faults (and sometimes while shutting down); by default
        // that ends the whole JVM, which here is a test run or the local run with its apps.
        Exit.setHaltProcedure((status, message) ->
                log.error("Kafka asked to halt the JVM (status {}, {}); ignored in embedded mode", status, message));
        Exit.setExitProcedure((status, message) ->
                log.error("Kafka asked to exit the JVM (status {}, {}); ignored in embedded mode", status, message));
    }

    private final KafkaRaftServer server;
    private final String bootstrapServers;
    private final Path logDir;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedKafkaBroker(KafkaRaftServer server, String bootstrapServers, Path logDir) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
        this.logDir = logDir;
    }

    /**
     * Starts a broker whose log directory is {@code logDir} (created and formatted if needed) and
     * returns once it answers clients.
     *
     * @param port the client (PLAINTEXT) port, 0 = a free one
     */
    public static EmbeddedKafkaBroker start(Path logDir, int port) {
        long started = System.nanoTime();
        int clientPort = port == 0 ? freePort() : port;
        // With a static voter set the quorum is defined by configuration only, so the controller
        // can take any free port at each start, also on a persistent directory (the restart tests
        // rely on this).
        int controllerPort = freePort();
        while (controllerPort == clientPort) {
            // the client port a caller chose is free but not yet bound: the system may offer it again
            controllerPort = freePort();
        }
        KafkaConfig config = KafkaConfig.fromProps(properties(logDir, clientPort, controllerPort), false);
        if (Files.exists(logDir.resolve("meta.properties")) && !Files.exists(logDir.resolve(CLEAN_SHUTDOWN_FILE))) {
            log.warn(
                    "Kafka in {} was not stopped cleanly last time (kill -9?): it recovers its logs, and the broker "
                            + "may wait up to {} s (broker.session.timeout.ms) for the controller to expire the old run's "
                            + "registration before it can register (\"Another broker is registered\" lines meanwhile)",
                    logDir,
                    BROKER_SESSION_TIMEOUT_MS / 1000);
        }
        formatIfNeeded(logDir);
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        EmbeddedKafkaBroker broker = new EmbeddedKafkaBroker(server, LOOPBACK + ":" + clientPort, logDir);
        try {
            server.startup();
            broker.awaitClientsAnswered();
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        log.info(
                "Embedded Kafka on {} (log dir {}) started in {} ms",
                broker.bootstrapServers,
                logDir,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return broker;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public Path logDir() {
        return logDir;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        long stopping = System.nanoTime();
        server.shutdown();
        server.awaitShutdown();
        log.info(
                "Embedded Kafka on {} stopped in {} ms",
                bootstrapServers,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopping));
    }

    private static Properties properties(Path logDir, int clientPort, int controllerPort) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@" + LOOPBACK + ":" + controllerPort);
        p.put(
                "listeners",
                "PLAINTEXT://" + LOOPBACK + ":" + clientPort + ",CONTROLLER://" + LOOPBACK + ":" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://" + LOOPBACK + ":" + clientPort);
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toAbsolutePath().toString());
        // a single node: every internal topic has one replica
        p.put("offsets.topic.replication.factor", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        // fewer internal partitions: the first consumer group and transaction come up faster
        p.put("offsets.topic.num.partitions", "5");
        p.put("transaction.state.log.num.partitions", "5");
        p.put("share.coordinator.state.topic.num.partitions", "5");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("broker.session.timeout.ms", String.valueOf(BROKER_SESSION_TIMEOUT_MS));
        p.put("num.partitions", "6");
        p.put("auto.create.topics.enable", "true");
        // the log cleaner allocates its dedupe buffer on the heap up front (128 MB by default)
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        // a development broker with a handful of clients: fewer threads than a production default
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "4");
        return p;
    }

    private static void formatIfNeeded(Path logDir) {
        if (Files.exists(logDir.resolve("meta.properties"))) {
            return;
        }
        try {
            Files.createDirectories(logDir);
            String dir = logDir.toAbsolutePath().toString();
            new Formatter()
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setNodeId(NODE_ID)
                    .setClusterId(Uuid.randomUuid().toString())
                    .setDirectories(List.of(dir))
                    .setMetadataLogDirectory(dir)
                    .setControllerListenerName("CONTROLLER")
                    .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
                    .run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("could not format Kafka log directory " + logDir, e);
        }
    }

    /** startup() returns once the broker is unfenced; this checks that a client really gets an answer. */
    private void awaitClientsAnswered() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.describeCluster().nodes().get(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Kafka on " + bootstrapServers, e);
        } catch (Exception e) {
            throw new IllegalStateException("Kafka on " + bootstrapServers + " did not answer", e);
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on " + LOOPBACK, e);
        }
    }
}
