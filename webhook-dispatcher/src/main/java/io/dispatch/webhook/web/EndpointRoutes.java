package io.dispatch.webhook.web;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.sending.WebhookSender;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * What the merchant's and the operator's webhook routes do alike: their JDBC work off the event
 * loop, enabling an endpoint again, and the answers when a merchant has no endpoint.
 */
final class EndpointRoutes {

    private EndpointRoutes() {}

    /** {@code work} (blocking JDBC) on the bounded elastic scheduler. */
    static <T> Mono<T> blocking(Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(Schedulers.boundedElastic());
    }

    /** Enables the merchant's endpoint and sends what it kept; 404 when none is registered. */
    static Envelope enable(EndpointHealth health, WebhookSender sender, UUID merchantId, EndpointHealth.EnabledBy by) {
        EndpointHealth.View view = health.enable(merchantId, by).orElseThrow(EndpointRoutes::notFound);
        sender.nudge();
        return Envelope.of(view);
    }

    /** 404: the merchant has no endpoint to show or enable. */
    static ApiException notFound() {
        return ApiException.notFound("Webhook endpoint");
    }

    /** 409 NO_WEBHOOK_ENDPOINT: the merchant has no endpoint to send to. */
    static ApiException noEndpoint() {
        return ApiException.conflict(
                "No webhook endpoint is registered for this merchant", Map.of("reason", "NO_WEBHOOK_ENDPOINT"));
    }
}
