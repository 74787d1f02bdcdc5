package io.dispatch.engine.settings;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The route planner's background speed (decisions.md §15, mode BATCHED).
 *
 * @param reoptimizeInterval how often each zone's routes are improved (default PT60S)
 * @param reoptimizeBudget how long the solver may search per zone each time (default PT2S), on a thread of its own,
 *     so decisions never wait for it
 */
@ConfigurationProperties("dispatch.plan")
public record PlanProperties(Duration reoptimizeInterval, Duration reoptimizeBudget) {

    public PlanProperties {
        reoptimizeInterval = reoptimizeInterval == null ? Duration.ofSeconds(60) : reoptimizeInterval;
        reoptimizeBudget = reoptimizeBudget == null ? Duration.ofSeconds(2) : reoptimizeBudget;
    }
}
