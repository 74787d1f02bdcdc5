package io.dispatch.simulator.settings;

/**
 * Where the simulated riders call the rider API (command-service's writes) when
 * {@code dispatch.simulator.base-url} is not set. The process that hosts the simulator supplies it.
 */
@FunctionalInterface
public interface RiderApiAddress {

    /** The base URL, e.g. {@code http://127.0.0.1:8080}, without a trailing slash. */
    String baseUrl();
}
