package io.dispatch.webhook.web;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.webhook.attempt.AttemptPublisher;
import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.endpoint.EndpointRegistration;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import io.dispatch.webhook.intake.WebhookPings;
import io.dispatch.webhook.notification.Notifications;
import io.dispatch.webhook.sending.WebhookMetrics;
import io.dispatch.webhook.sending.WebhookSender;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Operator API for a merchant's webhook endpoint. The signing secret is shown only in the answer
 * that creates it (registration of a new or changed URL, or a rotation), never again.
 */
@Tag(name = "Operator: webhooks")
@RestController
@RequestMapping(path = "/api/v1/admin", produces = MediaType.APPLICATION_JSON_VALUE)
public class WebhookEndpointAdminController {

    private final WebhookEndpoints endpoints;
    private final MerchantAccounts merchants;
    private final EndpointRegistration registration;
    private final WebhookPings tests;
    private final Notifications notifications;
    private final WebhookSender sender;
    private final WebhookMetrics metrics;
    private final AttemptPublisher attempts;
    private final EndpointHealth health;
    private final Clock clock;

    public WebhookEndpointAdminController(
            WebhookEndpoints endpoints,
            MerchantAccounts merchants,
            EndpointRegistration registration,
            WebhookPings tests,
            Notifications notifications,
            WebhookSender sender,
            WebhookMetrics metrics,
            AttemptPublisher attempts,
            EndpointHealth health,
            Clock clock) {
        this.endpoints = endpoints;
        this.merchants = merchants;
        this.registration = registration;
        this.tests = tests;
        this.notifications = notifications;
        this.sender = sender;
        this.metrics = metrics;
        this.attempts = attempts;
        this.health = health;
        this.clock = clock;
    }

    @Operation(summary = "Register or change a merchant's webhook URL", description = """
      A new or changed URL answers a new signingSecret (the old one stops signing at once); the same URL again \
      answers signingSecret null and keeps the secret. The URL must be an absolute https URL whose host resolves \
      to public addresses only (422 with fieldErrors.url otherwise), unless \
      dispatch.webhook.allow-insecure-targets=true. Unknown merchant: 404.""")
    @PutMapping("/merchants/{merchantId}/webhook")
    public Mono<Envelope> register(
            OperatorPrincipal operator,
            @PathVariable String merchantId,
            @RequestBody(required = false) EndpointRegistration.RegisterEndpoint body) {
        return forKnownMerchant(merchantId, id -> {
            return Envelope.of(registration.register(id, body == null ? null : body.url()));
        });
    }

    @Operation(summary = "Rotate the signing secret", description = """
      Answers the new signingSecret; every attempt from now on, including retries of notifications created \
      before, is signed with it. 409 CONFLICT when no endpoint is registered; 404 for an unknown merchant.""")
    @PostMapping("/merchants/{merchantId}/webhook/rotate-secret")
    public Mono<Envelope> rotate(OperatorPrincipal operator, @PathVariable String merchantId) {
        return forKnownMerchant(merchantId, id -> {
            var endpoint = endpoints.find(id).orElseThrow(EndpointRoutes::noEndpoint);
            String secret = endpoints.rotateSecret(id).orElseThrow(EndpointRoutes::noEndpoint);
            return Envelope.of(new EndpointRegistration.Registered(endpoint.url(), secret));
        });
    }

    @Operation(operationId = "deleteWebhookEndpoint", summary = "Remove the webhook endpoint", description = """
      204, also when none was registered. No notification is created while none is registered; pending ones \
      end FAILED at their next attempt ("no webhook endpoint registered").""")
    @ApiResponse(responseCode = "204", description = "Removed")
    @DeleteMapping("/merchants/{merchantId}/webhook")
    public Mono<ResponseEntity<Void>> delete(OperatorPrincipal operator, @PathVariable String merchantId) {
        return forKnownMerchant(merchantId, id -> {
            endpoints.delete(id);
            return ResponseEntity.noContent().<Void>build();
        });
    }

    @Operation(
            operationId = "testWebhookEndpoint",
            summary = "Fire webhook.test to the merchant's endpoint",
            description = """
      202 with the notification; data of the webhook is {merchant_id, message, sent_at}. Signed and retried \
      like every webhook. 409 CONFLICT when no endpoint is registered.""")
    @ApiResponse(responseCode = "202", description = "Scheduled")
    @PostMapping("/merchants/{merchantId}/webhook/test")
    public Mono<ResponseEntity<Envelope>> test(OperatorPrincipal operator, @PathVariable String merchantId) {
        return forKnownMerchant(merchantId, id -> {
            UUID notification = tests.fire(id, "operator").orElseThrow(EndpointRoutes::noEndpoint);
            return ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(Envelope.of(Accepted.pending(notification, "webhook.test")));
        });
    }

    @Operation(
            operationId = "enableMerchantWebhookEndpoint",
            summary = "Enable a merchant's webhook endpoint again",
            description = """
      Enables a DISABLED endpoint at once: everything kept is sent, each delivery's notifications in order. \
      Answers {url, status, disabledReason, disabledAt, pending, succeededLast24h, failedLast24h}. Unknown \
      merchant, or no endpoint registered: 404.""")
    @PostMapping("/merchants/{merchantId}/webhook/enable")
    public Mono<Envelope> enable(OperatorPrincipal operator, @PathVariable String merchantId) {
        return forKnownMerchant(
                merchantId, id -> EndpointRoutes.enable(health, sender, id, EndpointHealth.EnabledBy.OPERATOR));
    }

    public record Stats(
            Instant at,
            long pending,
            long due,
            Instant oldestDueAt,
            long failed,
            long unpublishedAttemptEvents,
            int inFlight,
            WebhookMetrics.Snapshot sinceStart) {}

    @Operation(summary = "Webhook dispatcher figures", description = """
      The schedule (pending, due now, the oldest due time, failed, attempt events not yet on Kafka) and this \
      instance's counters since it started: attempts by outcome, their total time, notifications that ran \
      out of attempts.""")
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    @GetMapping("/webhooks/stats")
    public Mono<Envelope> stats(OperatorPrincipal operator) {
        return EndpointRoutes.blocking(() -> {
            Instant now = clock.instant();
            Notifications.Backlog backlog = notifications.backlog(now);
            return Envelope.of(new Stats(
                    now,
                    backlog.pending(),
                    backlog.due(),
                    backlog.oldestDueAt(),
                    backlog.failed(),
                    backlog.unpublished(),
                    sender.inFlight(),
                    metrics.snapshot(attempts.publishedSinceStart())));
        });
    }

    /** The work for a merchant named in the path, off the event loop; 404 for an unknown merchant. */
    private <T> Mono<T> forKnownMerchant(String merchantId, Function<UUID, T> work) {
        UUID id = ApiException.pathId(merchantId, "Merchant");
        return EndpointRoutes.blocking(() -> {
            merchants.findMerchant(id).orElseThrow(() -> ApiException.notFound("Merchant"));
            return work.apply(id);
        });
    }
}
