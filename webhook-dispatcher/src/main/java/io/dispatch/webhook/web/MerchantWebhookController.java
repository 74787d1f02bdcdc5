package io.dispatch.webhook.web;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.webhook.delivery.WebhookSender;
import io.dispatch.webhook.notification.Notifications;
import io.dispatch.webhook.notification.TestNotifications;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** The merchant's webhook actions: fire a test, re-send one notification. Served by the dispatcher, which owns both. */
@Tag(name = "Webhooks")
@RestController
@RequestMapping(path = "/api/v1/external", produces = MediaType.APPLICATION_JSON_VALUE)
public class MerchantWebhookController {

  private final TestNotifications tests;
  private final Notifications notifications;
  private final WebhookSender sender;
  private final Clock clock;

  public MerchantWebhookController(
      TestNotifications tests, Notifications notifications, WebhookSender sender, Optional<Clock> clock) {
    this.tests = tests;
    this.notifications = notifications;
    this.sender = sender;
    this.clock = clock.orElse(Clock.systemUTC());
  }

  /** For the OpenAPI document: the 202 answer of both routes. */
  @Schema(name = "AcceptedResponse")
  public record AcceptedResponse(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Always true in this answer") boolean success,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Accepted data) {}

  @Operation(operationId = "sendTestWebhook", summary = "Fire webhook.test to your endpoint", description = """
      Schedules a webhook.test notification, data {merchant_id, message, sent_at}, signed and retried like \
      every webhook. 409 CONFLICT (details.reason NO_WEBHOOK_ENDPOINT) when no endpoint is registered.""")
  @ApiResponse(responseCode = "202", description = "Scheduled",
      content = @Content(schema = @Schema(implementation = AcceptedResponse.class)))
  @ApiResponse(responseCode = "409", description = "No webhook endpoint registered",
      content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
  @PostMapping("/webhooks/test")
  public Mono<ResponseEntity<Envelope>> test(MerchantPrincipal merchant) {
    return Mono.fromCallable(() -> {
          UUID id = tests.fire(merchant.merchantId(), "merchant").orElseThrow(() -> ApiException.conflict(
              "No webhook endpoint is registered for this merchant", Map.of("reason", "NO_WEBHOOK_ENDPOINT")));
          return ResponseEntity.status(HttpStatus.ACCEPTED).body(Envelope.of(Accepted.pending(id, "webhook.test")));
        })
        .subscribeOn(Schedulers.boundedElastic());
  }

  @Operation(operationId = "resendWebhookNotification", summary = "Re-send one notification of a delivery", description = """
      Starts a new attempt series now for a SUCCEEDED or FAILED notification (attemptCount starts again from \
      0; same body and same X-Dispatch-Event-Id, signed with the current secret). A PENDING notification \
      answers 409 CONFLICT with details.currentStatus; another merchant's delivery or notification, or one \
      that does not exist, answers 404. The notification ids are those of GET /dispatches/{id}/webhooks.""")
  @ApiResponse(responseCode = "202", description = "Scheduled",
      content = @Content(schema = @Schema(implementation = AcceptedResponse.class)))
  @ApiResponse(responseCode = "404", description = "No such notification of this merchant's delivery",
      content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
  @ApiResponse(responseCode = "409", description = "The notification is still PENDING",
      content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
  @PostMapping("/dispatches/{id}/webhooks/{notificationId}/resend")
  public Mono<ResponseEntity<Envelope>> resend(
      MerchantPrincipal merchant,
      @PathVariable String id,
      @PathVariable String notificationId) {
    UUID dispatchId = ApiException.pathId(id, "Delivery");
    UUID notification = ApiException.pathId(notificationId, "Notification");
    return Mono.fromCallable(() -> switch (notifications.resend(merchant.merchantId(), dispatchId, notification,
            clock.instant())) {
          case Notifications.Resend.Scheduled scheduled -> {
            sender.nudge();
            yield ResponseEntity.status(HttpStatus.ACCEPTED)
                .body(Envelope.of(Accepted.pending(notification, scheduled.event())));
          }
          case Notifications.Resend.Pending pending -> throw ApiException.conflict(
              "The notification is still being delivered; re-send it once it SUCCEEDED or FAILED",
              Map.of("currentStatus", "PENDING"));
          case Notifications.Resend.NotFound missing -> throw ApiException.notFound("Notification");
        })
        .subscribeOn(Schedulers.boundedElastic());
  }
}
