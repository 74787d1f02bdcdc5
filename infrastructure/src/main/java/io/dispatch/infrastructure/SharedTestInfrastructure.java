package io.dispatch.infrastructure;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * For tests: one infrastructure per JVM, started on first use and closed by a shutdown hook, so
 * test classes share the (seconds-long) start; each caller takes a fresh database of its own.
 */
public final class SharedTestInfrastructure {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static RunningInfrastructure infrastructure;
    /** A failed start is not retried: every later test fails fast with the same cause. */
    private static RuntimeException startFailure;

    private SharedTestInfrastructure() {}

    public static synchronized RunningInfrastructure get() {
        if (infrastructure == null && startFailure == null) {
            try {
                infrastructure = Infrastructure.start(InfrastructureOptions.ephemeral());
                RunningInfrastructure started = infrastructure;
                Runtime.getRuntime()
                        .addShutdownHook(Thread.ofPlatform()
                                .name("shared-test-infrastructure-close")
                                .unstarted(started::close));
            } catch (RuntimeException e) {
                startFailure = e;
            }
        }
        if (startFailure != null) {
            throw new IllegalStateException("the shared test infrastructure did not start", startFailure);
        }
        return infrastructure;
    }

    /** Creates and returns the name of a new, uniquely named, empty database ("test_<n>_<random>"). */
    public static String newDatabase() {
        // the random part keeps names unique even if several JVMs ever share one server
        String name = "test_" + DATABASES.incrementAndGet() + "_"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000000, 0x10000000));
        get().createDatabase(name);
        return name;
    }
}
