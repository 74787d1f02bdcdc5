package io.dispatch.query;

import io.dispatch.web.startup.SettingChecks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * query-service's own settings ({@code dispatch.query.*}).
 *
 * @param maxStalenessWait how long a read waits for its projection to catch up before it answers
 *     what it has
 * @param consumerConcurrency consumer threads of the projections of the delivery events and of the
 *     rider positions
 * @param webhookAttemptsConcurrency consumer threads of the projection of the webhook attempts
 * @param cursorSecret HMAC key of list cursors, the same on every instance; empty, a built-in key
 *     that still refuses altered cursors but does not stop a forged one
 */
@ConfigurationProperties("dispatch.query")
public record QueryProperties(
        @DefaultValue("PT3S") Duration maxStalenessWait,
        @DefaultValue("2") int consumerConcurrency,
        @DefaultValue("1") int webhookAttemptsConcurrency,
        @DefaultValue("") String cursorSecret) {

    public QueryProperties {
        SettingChecks.notNegative("dispatch.query.max-staleness-wait", maxStalenessWait);
        SettingChecks.atLeast("dispatch.query.consumer-concurrency", consumerConcurrency, 1);
        SettingChecks.atLeast("dispatch.query.webhook-attempts-concurrency", webhookAttemptsConcurrency, 1);
    }

    @Override
    public String toString() {
        // the record's default would print the cursor secret
        return "QueryProperties[maxStalenessWait=" + maxStalenessWait + ", consumerConcurrency=" + consumerConcurrency
                + ", webhookAttemptsConcurrency=" + webhookAttemptsConcurrency + "]";
    }
}
