package io.dispatch.simulator.settings;

import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The simulator runs when {@code dispatch.simulator.enabled=true} and no production profile
 * ({@code production} or {@code prod}) is active: simulated riders must never take real parcels.
 */
public class SimulatorEnabled implements Condition {

    private static final Logger log = LoggerFactory.getLogger(SimulatorEnabled.class);
    static final Set<String> PRODUCTION_PROFILES = Set.of("production", "prod");

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return enabled(context.getEnvironment());
    }

    public static boolean enabled(Environment environment) {
        if (!environment.getProperty("dispatch.simulator.enabled", Boolean.class, false)) {
            return false;
        }
        for (String profile : environment.getActiveProfiles()) {
            if (PRODUCTION_PROFILES.contains(profile)) {
                log.warn(
                        "dispatch.simulator.enabled=true is ignored under the '{}' profile: the sandbox rider simulator "
                                + "never runs in production",
                        profile);
                return false;
            }
        }
        return true;
    }
}
