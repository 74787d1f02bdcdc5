package io.dispatch.engine.settings;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.env.Environment;

/**
 * The dispatch engine's settings ({@code dispatch.engine.*}).
 *
 * @param enabled whether this process runs the engine (default true)
 * @param commandUrl command-service's base URL, where decisions go; blank: this process's own
 *     port on 127.0.0.1 (the one-JVM local run)
 * @param replayWindow how far back the engine reads the log when it starts: deliveries created
 *     earlier and still NEW are left to the operator's queue (default PT24H)
 * @param tick how often the engine looks at the clock for expiries and retries (default PT1S)
 * @param storePoll how often riders' shifts, capacity and the policies are read (default PT1S)
 * @param maxPositionAge {@code dispatch.assign.max-position-age}: a rider whose last position is
 *     older is not offered anything (default PT5M)
 * @param pendingTimeout how long a decision waits for its event before the engine decides again
 *     (default PT10S)
 */
@ConfigurationProperties("dispatch.engine")
public record EngineProperties(
        Boolean enabled,
        String commandUrl,
        Duration replayWindow,
        Duration tick,
        Duration storePoll,
        Duration maxPositionAge,
        Duration pendingTimeout) {

    public EngineProperties {
        enabled = enabled == null || enabled;
        replayWindow = replayWindow == null ? Duration.ofHours(24) : replayWindow;
        tick = tick == null ? Duration.ofSeconds(1) : tick;
        storePoll = storePoll == null ? Duration.ofSeconds(1) : storePoll;
        maxPositionAge = maxPositionAge == null ? Duration.ofMinutes(5) : maxPositionAge;
        pendingTimeout = pendingTimeout == null ? Duration.ofSeconds(10) : pendingTimeout;
    }

    /** {@link #commandUrl}, or this process's own port on 127.0.0.1 (the local run, where command-service is here too). */
    public String commandUrlOr(Environment environment) {
        return commandUrl != null && !commandUrl.isBlank()
                ? commandUrl
                : "http://127.0.0.1:" + environment.getProperty("local.server.port", "8080");
    }
}
