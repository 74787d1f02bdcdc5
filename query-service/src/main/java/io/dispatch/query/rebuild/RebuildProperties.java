package io.dispatch.query.rebuild;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a rebuild runs ({@code dispatch.rebuild.*}, docs/operating.md).
 *
 * @param keepPrevious keep the replaced tables in a schema {@code query_replaced_<time>} instead of dropping them
 * @param switchLag the events left to replay under the lock at most: below it, the catch-up stops and the swap starts
 * @param maxCatchUpRounds catch-up rounds before the swap at most (each round replays what arrived during the last)
 * @param lockTimeout how long the swap waits for the live tables' lock before the run fails
 * @param checksums whether the swap computes both checksums (it holds reads while it does: off for very large tables)
 * @param abandonedAfter a RUNNING rebuild with no progress for this long is reported FAILED
 */
@ConfigurationProperties("dispatch.rebuild")
public record RebuildProperties(
        @DefaultValue("false") boolean keepPrevious,
        @DefaultValue("5000") long switchLag,
        @DefaultValue("10") int maxCatchUpRounds,
        @DefaultValue("PT30S") Duration lockTimeout,
        @DefaultValue("true") boolean checksums,
        @DefaultValue("PT2M") Duration abandonedAfter) {

    public RebuildProperties {
        SettingChecks.atLeast("dispatch.rebuild.switch-lag", switchLag, 0);
        SettingChecks.atLeast("dispatch.rebuild.max-catch-up-rounds", maxCatchUpRounds, 0);
        SettingChecks.positive("dispatch.rebuild.lock-timeout", lockTimeout);
        SettingChecks.positive("dispatch.rebuild.abandoned-after", abandonedAfter);
    }
}
