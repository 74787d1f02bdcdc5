package io.dispatch.engine.settings;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The route planner's background speed (decisions.md §15, mode BATCHED).
 *
 * @param reoptimizeInterval how often each zone's routes are improved (default PT60S)
 * @param reoptimizeBudget how long the solver may search per zone each time (default PT2S), on a thread of its own,
 *     so decisions never wait for it
 * @param moveBetweenRiders whether that improvement may give a delivery nobody has collected yet to another rider
 *     (not a picked-up parcel, a stop in progress or an operator's assignment; default true, ADR 0061)
 */
@ConfigurationProperties("dispatch.plan")
public record PlanProperties(Duration reoptimizeInterval, Duration reoptimizeBudget, Boolean moveBetweenRiders) {

    public PlanProperties {
        reoptimizeInterval = reoptimizeInterval == null ? Duration.ofSeconds(60) : reoptimizeInterval;
        reoptimizeBudget = reoptimizeBudget == null ? Duration.ofSeconds(2) : reoptimizeBudget;
        moveBetweenRiders = moveBetweenRiders == null ? Boolean.TRUE : moveBetweenRiders;
    }
}
