package io.dispatch.webhook.endpoint;

import io.dispatch.webhook.endpoint.EndpointHealth.Cause;
import io.dispatch.webhook.endpoint.EndpointHealth.EnabledBy;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The counters behind {@link EndpointHealth}'s changes. Every tag value is registered up front, so
 * a dashboard shows a zero rather than no series before the first endpoint is disabled.
 */
final class EndpointHealthCounters {

    private final MeterRegistry meters;

    EndpointHealthCounters(MeterRegistry meters) {
        this.meters = meters;
        for (Cause cause : Cause.values()) {
            disabledCounter(cause);
        }
        for (EnabledBy by : EnabledBy.values()) {
            enabledCounter(by);
        }
    }

    void disabled(Cause cause) {
        disabledCounter(cause).increment();
    }

    void enabled(EnabledBy by) {
        enabledCounter(by).increment();
    }

    private Counter disabledCounter(Cause cause) {
        return Counter.builder("dispatch.webhook.endpoint.disabled")
                .tag("reason", cause.name().toLowerCase())
                .description(
                        "Webhook endpoints disabled: a 410 answer (gone) or notifications FAILED in a row (failures)")
                .register(meters);
    }

    private Counter enabledCounter(EnabledBy by) {
        return Counter.builder("dispatch.webhook.endpoint.enabled")
                .tag("by", by.name().toLowerCase())
                .description("Disabled webhook endpoints enabled again: by a probe's 2xx, the operator or the merchant")
                .register(meters);
    }
}
