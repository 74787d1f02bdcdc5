package io.dispatch.query.webhook;

import io.dispatch.events.Topics;
import io.dispatch.query.dispatch.DeliveryReads;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.input.QueryNumbers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * GET /dispatches/:id/webhooks: the webhook notifications of one of the merchant's deliveries;
 * GET /webhooks/attempts: the merchant's most recently changed ones across its deliveries.
 */
@Tag(name = "Webhooks")
@RestController
public class WebhookAttemptQueryController {

    private final DeliveryReads deliveryReads;
    private final WebhookAttemptRows attempts;
    private final ReadYourWrites freshness;

    public WebhookAttemptQueryController(
            DeliveryReads deliveryReads, WebhookAttemptRows attempts, ReadYourWrites freshness) {
        this.deliveryReads = deliveryReads;
        this.attempts = attempts;
        this.freshness = freshness;
    }

    /** For the OpenAPI document. */
    @Schema(name = "WebhookNotificationListResponse")
    public record NotificationListResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<DocumentedNotification> data) {}

    @Schema(name = "WebhookNotification")
    public record DocumentedNotification(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    format = "uuid",
                    description = "Notification id; also X-Dispatch-Event-Id of its requests")
            String id,

            @Schema(requiredMode = RequiredMode.REQUIRED, example = "dispatch.created")
            String event,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    allowableValues = {"PENDING", "SUCCEEDED", "FAILED"},
                    description = "PENDING: waiting or retrying; SUCCEEDED: a 2xx came; FAILED: attempts exhausted")
            String status,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    minimum = "0",
                    description = "Attempts made in the current series (a resend starts a new series at 0)")
            int attemptCount,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    nullable = true,
                    description = "HTTP status of the last answer; null when no HTTP answer came")
            Integer lastHttpStatus,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, example = "HTTP 503: Service Unavailable")
            String lastError,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    nullable = true,
                    format = "date-time",
                    description = "When the next attempt is due (PENDING only)")
            String nextAttemptAt,

            @Schema(requiredMode = RequiredMode.REQUIRED, format = "date-time")
            String createdAt,

            @Schema(requiredMode = RequiredMode.REQUIRED, format = "date-time")
            String updatedAt) {}

    @Operation(
            operationId = "listDispatchWebhooks",
            summary = "Webhook notifications of one delivery",
            description = """
      One entry per webhook notification of the delivery, oldest first: {id, event, status (PENDING, SUCCEEDED, \
      FAILED), attemptCount, lastHttpStatus (null when no HTTP answer came), lastError, nextAttemptAt, createdAt, \
      updatedAt}. Another merchant's delivery, or one that does not exist, answers 404. Only notifications \
      created while an endpoint was registered exist. Status follows the dispatcher's reports, usually within \
      a second of an attempt.""")
    @ApiResponse(
            responseCode = "200",
            description = "The notifications",
            content = @Content(schema = @Schema(implementation = NotificationListResponse.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No such delivery for this merchant",
            content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
    @ApiResponse(
            responseCode = "503",
            description = """
      Nothing found while the read model is still behind the event log: the delivery may exist; retry \
      after Retry-After (1 s)""",
            content = @Content(schema = @Schema(ref = "#/components/schemas/ErrorResponse")))
    @GetMapping(path = "/api/v1/external/dispatches/{id}/webhooks", produces = MediaType.APPLICATION_JSON_VALUE)
    public reactor.core.publisher.Mono<Envelope> list(MerchantPrincipal merchant, @PathVariable String id) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        return deliveryReads
                .merchants(merchant.merchantId(), dispatchId)
                .flatMap(view -> freshness
                        .awaitDispatch(WebhookAttemptProjection.NAME, Topics.WEBHOOK_ATTEMPTS, dispatchId)
                        .then(attempts.of(dispatchId, merchant.merchantId()).collectList()))
                .map(Envelope::of);
    }

    @Schema(name = "RecentWebhookNotificationListResponse")
    public record RecentListResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<DocumentedRecentNotification> data) {}

    @Schema(name = "RecentWebhookNotification", description = "A webhook notification with its delivery")
    public record DocumentedRecentNotification(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    format = "uuid",
                    description = "Notification id; also X-Dispatch-Event-Id of its requests")
            String id,

            @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid", description = "The delivery it is about")
            String dispatchId,

            @Schema(requiredMode = RequiredMode.REQUIRED, example = "dispatch.created")
            String event,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    allowableValues = {"PENDING", "SUCCEEDED", "FAILED"})
            String status,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0")
            int attemptCount,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true)
            Integer lastHttpStatus,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, example = "HTTP 503: Service Unavailable")
            String lastError,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, format = "date-time")
            String nextAttemptAt,

            @Schema(requiredMode = RequiredMode.REQUIRED, format = "date-time")
            String createdAt,

            @Schema(requiredMode = RequiredMode.REQUIRED, format = "date-time")
            String updatedAt) {}

    @Operation(
            operationId = "listRecentWebhooks",
            summary = "The merchant's most recent webhook notifications",
            description = """
      The calling merchant's webhook notifications across all its deliveries, the most recently changed first       (updatedAt, then id, descending): {id, dispatchId, event, status, attemptCount, lastHttpStatus, lastError,       nextAttemptAt, createdAt, updatedAt}, the same fields as a delivery's list plus dispatchId. limit: 1 to 200,       default 50; anything else answers 422 naming limit. Resend one with POST       /dispatches/{dispatchId}/webhooks/{id}/resend. Finished notifications are kept as long as the webhook       retention says (docs/webhooks.md).""")
    @ApiResponse(
            responseCode = "200",
            description = "The notifications",
            content = @Content(schema = @Schema(implementation = RecentListResponse.class)))
    @GetMapping(path = "/api/v1/external/webhooks/attempts", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> recent(
            MerchantPrincipal merchant,
            @Parameter(
                            description = "1 to 200; default 50",
                            schema = @Schema(type = "integer", minimum = "1", maximum = "200", defaultValue = "50"))
                    @RequestParam(required = false)
                    String limit) {
        int size = QueryNumbers.wholeNumber(limit, "limit", 1, 200, 50);
        return freshness
                .awaitAll(WebhookAttemptProjection.NAME, Topics.WEBHOOK_ATTEMPTS)
                .then(attempts.recent(merchant.merchantId(), size).collectList())
                .map(Envelope::of);
    }
}
