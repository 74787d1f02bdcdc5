package io.dispatch.webhook.intake;

import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import io.dispatch.webhook.notification.Notifications;
import io.dispatch.webhook.notification.WebhookPayloads;
import io.dispatch.webhook.sending.WebhookSender;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * {@code webhook.test}, the ping a merchant or an operator fires at an endpoint: a notification
 * like any other (signed, retried), with no delivery behind it.
 */
@Component
public class WebhookPings {

    private final WebhookEndpoints endpoints;
    private final Notifications notifications;
    private final WebhookSender sender;
    private final Clock clock;

    public WebhookPings(WebhookEndpoints endpoints, Notifications notifications, WebhookSender sender, Clock clock) {
        this.endpoints = endpoints;
        this.notifications = notifications;
        this.sender = sender;
        this.clock = clock;
    }

    /** The new notification's id, or empty when the merchant has no endpoint registered. */
    public Optional<UUID> fire(UUID merchantId, String requestedBy) {
        Optional<WebhookEndpoints.Registration> endpoint = endpoints.registration(merchantId);
        if (endpoint.isEmpty()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        UUID id = UUID.randomUUID();
        byte[] body = WebhookPayloads.test(merchantId, "Test webhook requested by the " + requestedBy, now);
        notifications.createAll(
                List.of(new Notifications.New(
                        id,
                        null,
                        null,
                        merchantId,
                        0,
                        WebhookPayloads.TEST_EVENT,
                        body,
                        endpoint.get().disabled()
                                ? EndpointHealth.keptBecause(endpoint.get().disabledReason())
                                : null)),
                now);
        sender.nudge();
        return Optional.of(id);
    }
}
