package io.dispatch.kafka.recovery;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param attempts tries of a record that fails for a reason other than a passing outage before it
 *     is dead-lettered (outages are retried for as long as they last)
 * @param replayInterval how often replays an operator asked for are looked for
 */
@ConfigurationProperties("dispatch.dead-letters")
public record DeadLetterProperties(
        @DefaultValue("5") int attempts,
        @DefaultValue("PT2S") Duration replayInterval) {

    public DeadLetterProperties {
        SettingChecks.atLeast("dispatch.dead-letters.attempts", attempts, 1);
        SettingChecks.positive("dispatch.dead-letters.replay-interval", replayInterval);
    }
}
