package io.dispatch.command.publication;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param direct writers send their own events to Kafka right after the commit (ADR 0018); false
 *     leaves every send to the Kafka publisher (the outbox either way)
 * @param maxWait how long a write waits for its event to reach Kafka before it answers
 */
@ConfigurationProperties("dispatch.publication")
public record PublicationProperties(
        @DefaultValue("true") boolean direct,
        @DefaultValue("PT5S") Duration maxWait) {

    public PublicationProperties {
        SettingChecks.positive("dispatch.publication.max-wait", maxWait);
    }
}
