package io.dispatch.web;

/**
 * JVM-wide settings every dispatch process sets before Spring (and Netty) start; each can
 * still be overridden with {@code -D} on the command line.
 */
public final class ProcessDefaults {

    private ProcessDefaults() {}

    public static void apply() {
        // Reactor Netty 1.3.7 (Boot 4.1.1's) can stop reading a keep-alive connection whose next
        // request arrives before the previous exchange has fully ended (reactor/reactor-netty#4361);
        // flushing on the last read closes that route. The fixed 1.3.8 needs a Netty whose native
        // jars are not on our Central (docs/adr/0006-spring-boot-4-and-pins.md).
        defaultTo("reactor.netty.http.server.lastFlushWhenNoRead", "true");
        // Axon's update checker calls home every few seconds and logs a warning when offline.
        defaultTo("axoniq.update-checker.disabled", "true");
    }

    private static void defaultTo(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
