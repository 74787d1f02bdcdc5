package io.dispatch.webhook.web;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.intake.WebhookPings;
import io.dispatch.webhook.notification.Notifications;
import io.dispatch.webhook.sending.WebhookSender;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The merchant's webhook routes: the endpoint's health, enabling it again, recovering a range, firing a
 * test, re-sending one notification. Served by the dispatcher, which owns them all.
 */
@Tag(name = "Webhooks")
@RestController
@RequestMapping(path = "/api/v1/external", produces = MediaType.APPLICATION_JSON_VALUE)
public class MerchantWebhookController {

    private final WebhookPings tests;
    private final Notifications notifications;
    private final WebhookSender sender;
    private final EndpointHealth health;
    private final Clock clock;

    public MerchantWebhookController(
            WebhookPings tests, Notifications notifications, WebhookSender sender, EndpointHealth health, Clock clock) {
        this.tests = tests;
        this.notifications = notifications;
        this.sender = sender;
        this.health = health;
        this.clock = clock;
    }

    /** For the OpenAPI document: the 202 answer of both routes. */
    @Schema(name = "AcceptedResponse")
    public record AcceptedResponse(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            Accepted data) {}

    /** For the OpenAPI document: the endpoint's state. */
    @Schema(name = "WebhookEndpointResponse")
    public record EndpointResponse(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            EndpointHealth.View data) {}

    @Operation(
            operationId = "getWebhookEndpoint",
            summary = "Your webhook endpoint, its health and counters",
            description = """
      {url, status (ACTIVE or DISABLED), disabledReason, disabledAt, pending, succeededLast24h, failedLast24h}. \
      An endpoint is DISABLED after it answers 410, or after 5 notifications in a row end FAILED; while it is, \
      new notifications are kept PENDING and one signed webhook.test probe is sent every probe-interval \
      (10 minutes by default); a 2xx to it enables the endpoint again. 404 when no endpoint is registered.""")
    @ApiResponse(
            responseCode = "200",
            description = "The endpoint",
            content = @Content(schema = @Schema(implementation = EndpointResponse.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No webhook endpoint is registered",
            content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
    @GetMapping("/webhooks")
    public Mono<Envelope> endpoint(MerchantPrincipal merchant) {
        return EndpointRoutes.blocking(
                () -> Envelope.of(health.view(merchant.merchantId()).orElseThrow(EndpointRoutes::notFound)));
    }

    @Operation(operationId = "enableWebhookEndpoint", summary = "Enable your webhook endpoint again", description = """
      Enables a DISABLED endpoint at once (no need to wait for a probe): everything kept is sent, each \
      delivery's notifications in order. An ACTIVE endpoint stays as it is. Answers the endpoint as GET \
      /webhooks does; 404 when no endpoint is registered.""")
    @ApiResponse(
            responseCode = "200",
            description = "The endpoint, ACTIVE",
            content = @Content(schema = @Schema(implementation = EndpointResponse.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No webhook endpoint is registered",
            content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
    @PostMapping("/webhooks/enable")
    public Mono<Envelope> enable(MerchantPrincipal merchant) {
        return EndpointRoutes.blocking(
                () -> EndpointRoutes.enable(health, sender, merchant.merchantId(), EndpointHealth.EnabledBy.MERCHANT));
    }

    /** POST /webhooks/recover: the range of creation times, ISO 8601. */
    @Schema(name = "RecoverWebhooksRequest")
    public record RecoverRequest(
            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    format = "date-time",
                    example = "2026-11-24T06:00:00Z",
                    description = "Notifications created at or after this instant")
            String since,

            @Schema(
                    format = "date-time",
                    example = "2026-11-24T08:00:00Z",
                    description =
                            "Notifications created before this instant; now when absent. At most 7 days after since")
            String until) {}

    /** The answer of recover. */
    @Schema(name = "Recovered")
    public record Recovered(
            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minimum = "0",
                    description = "FAILED notifications in the range that start a new attempt series")
            int count) {}

    @Schema(name = "RecoveredResponse")
    public record RecoveredResponse(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            Recovered data) {}

    @Operation(
            operationId = "recoverWebhookNotifications",
            summary = "Re-send every FAILED notification of a range",
            description = """
      Every FAILED notification created in [since, until) starts a new attempt series now, as a resend does \
      (same body, same X-Dispatch-Event-Id, signed with the current secret); each delivery's go out in order. \
      The range spans at most 7 days; until defaults to now. 422 names the field (since after until, a range \
      over 7 days, a missing or malformed instant). With an Idempotency-Key, a repeat of the same request \
      answers the first answer again.""")
    @ApiResponse(
            responseCode = "202",
            description = "Scheduled",
            content = @Content(schema = @Schema(implementation = RecoveredResponse.class)))
    @PostMapping(path = "/webhooks/recover", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> recover(
            MerchantPrincipal merchant, @RequestBody(required = false) RecoverRequest body) {
        return EndpointRoutes.blocking(() -> {
            Instant now = clock.instant();
            RecoverRange range = RecoverRange.of(body, now);
            int count = notifications.recover(merchant.merchantId(), range.since(), range.until(), now);
            if (count > 0) {
                sender.nudge();
            }
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(Envelope.of(new Recovered(count)));
        });
    }

    @Operation(operationId = "sendTestWebhook", summary = "Fire webhook.test to your endpoint", description = """
      Schedules a webhook.test notification, data {merchant_id, message, sent_at}, signed and retried like \
      every webhook. 409 CONFLICT (details.reason NO_WEBHOOK_ENDPOINT) when no endpoint is registered.""")
    @ApiResponse(
            responseCode = "202",
            description = "Scheduled",
            content = @Content(schema = @Schema(implementation = AcceptedResponse.class)))
    @ApiResponse(
            responseCode = "409",
            description = "No webhook endpoint registered",
            content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
    @PostMapping("/webhooks/test")
    public Mono<ResponseEntity<Envelope>> test(MerchantPrincipal merchant) {
        return EndpointRoutes.blocking(() -> {
            UUID id = tests.fire(merchant.merchantId(), "merchant").orElseThrow(EndpointRoutes::noEndpoint);
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(Envelope.of(Accepted.pending(id, "webhook.test")));
        });
    }

    @Operation(
            operationId = "resendWebhookNotification",
            summary = "Re-send one notification of a delivery",
            description = """
      Starts a new attempt series now for a SUCCEEDED or FAILED notification (attemptCount starts again from \
      0; same body and same X-Dispatch-Event-Id, signed with the current secret). A PENDING notification \
      answers 409 CONFLICT with details.currentStatus; another merchant's delivery or notification, or one \
      that does not exist, answers 404. The notification ids are those of GET /dispatches/{id}/webhooks.""")
    @ApiResponse(
            responseCode = "202",
            description = "Scheduled",
            content = @Content(schema = @Schema(implementation = AcceptedResponse.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No such notification of this merchant's delivery",
            content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
    @ApiResponse(
            responseCode = "409",
            description = "The notification is still PENDING",
            content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
    @PostMapping("/dispatches/{id}/webhooks/{notificationId}/resend")
    public Mono<ResponseEntity<Envelope>> resend(
            MerchantPrincipal merchant, @PathVariable String id, @PathVariable String notificationId) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        UUID notification = ApiException.pathId(notificationId, "Notification");
        return EndpointRoutes.blocking(() -> switch (notifications.resend(
                merchant.merchantId(), dispatchId, notification, clock.instant())) {
            case Notifications.Resend.Scheduled scheduled -> {
                sender.nudge();
                yield ResponseEntity.status(HttpStatus.ACCEPTED)
                        .body(Envelope.of(Accepted.pending(notification, scheduled.event())));
            }
            case Notifications.Resend.Pending pending ->
                throw ApiException.conflict(
                        "The notification is still being delivered; re-send it once it SUCCEEDED or FAILED",
                        Map.of("currentStatus", "PENDING"));
            case Notifications.Resend.NotFound missing -> throw ApiException.notFound("Notification");
        });
    }
}
