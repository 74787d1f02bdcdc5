package io.dispatch.command.eventstore;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param fetchDelay how often the event store's reader looks for new commits; Axon's 1 s default
 *     would put a second between every commit and its publication, and so on every write's answer
 */
@ConfigurationProperties("dispatch.event-store")
public record EventStoreProperties(@DefaultValue("PT0.02S") Duration fetchDelay) {

    public EventStoreProperties {
        SettingChecks.positive("dispatch.event-store.fetch-delay", fetchDelay);
    }
}
