package io.dispatch.webhook.feed;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** GET /events: the merchant's notifications as a feed it pulls (decisions.md §8, docs/adr/0019). */
@Tag(name = "Webhooks")
@RestController
@RequestMapping(path = "/api/v1/external", produces = MediaType.APPLICATION_JSON_VALUE)
public class FeedController {

    private final FeedRows rows;
    private final FeedCursors cursors;

    public FeedController(FeedRows rows, FeedCursors cursors) {
        this.rows = rows;
        this.cursors = cursors;
    }

    /** One served event; {@code data} is written as the stored bytes of the webhook body's data. */
    public record FeedEvent(
            UUID id,
            String event,
            Instant createdAt,
            @JsonRawValue String data) {}

    /** For the OpenAPI document. */
    @Schema(name = "EventListResponse", description = "A page of the merchant's events, oldest first")
    public record EventListResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<DocumentedEvent> data,
            @Schema(requiredMode = RequiredMode.REQUIRED) EventPageMeta meta) {}

    @Schema(name = "FeedEvent", description = "One notification, as its webhook carried it")
    public record DocumentedEvent(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    format = "uuid",
                    description = "The notification id: X-Dispatch-Event-Id of its webhook requests")
            String id,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    example = "dispatch.delivered",
                    description = "The webhook body's event")
            String event,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    format = "date-time",
                    description = "When the notification was created")
            String createdAt,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    additionalProperties = Schema.AdditionalPropertiesValue.TRUE,
                    description = "The webhook body's data, byte for byte")
            Map<String, Object> data) {}

    @Schema(name = "EventPageMeta", description = "The page size, and where to read on from")
    public record EventPageMeta(
            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "1", maximum = "500", example = "100")
            int limit,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    example = "ZTF8NzQxfDEyMDN8...",
                    description = "Pass it as after to read on; present on every page, the last included, so a client "
                            + "polls from it")
            String nextCursor) {}

    @Operation(operationId = "listEvents", summary = "Read your events as a feed, oldest first", description = """
      Every notification of the calling merchant (lifecycle events, location updates, webhook.test), in a stable \
      order, with the same id and the same event and data as its webhook. Nothing is skipped or repeated while \
      paging, even as new events arrive; an event appears here once its webhook was created, whatever its \
      delivery status. Without after, reading starts at the oldest event kept. meta.nextCursor is on every \
      page: poll from it. A bad after or limit answers 422 naming it; a cursor older than what retention kept \
      answers 422 with details.oldestCursor, the cursor to resume from.""")
    @ApiResponse(
            responseCode = "200",
            description = "A page",
            content = @Content(schema = @Schema(implementation = EventListResponse.class)))
    @GetMapping("/events")
    public Mono<Envelope> list(
            MerchantPrincipal merchant,
            @Parameter(description = "meta.nextCursor of the previous page; absent: from the oldest event kept")
                    @RequestParam(name = "after", required = false)
                    String after,
            @Parameter(
                            description = "1 to 500",
                            schema =
                                    @Schema(
                                            type = "integer",
                                            format = "int32",
                                            minimum = "1",
                                            maximum = "500",
                                            defaultValue = "100"))
                    @RequestParam(name = "limit", required = false)
                    String limit) {
        UUID merchantId = merchant.merchantId();
        FeedQuery query = FeedQuery.parse(after, limit, merchantId, cursors);
        return Blocking.call(() -> switch (rows.read(merchantId, query.after(), query.limit())) {
            case FeedRows.Read.Page page -> page(merchantId, query.limit(), page);
            case FeedRows.Read.Expired expired ->
                throw new ApiException(
                        ErrorCode.VALIDATION_ERROR,
                        "Events after this cursor were deleted by retention; resume from details.oldestCursor",
                        Map.of(
                                "fieldErrors", Map.of("after", List.of("is older than the oldest event kept")),
                                "oldestCursor", cursors.encode(merchantId, expired.horizon())));
        });
    }

    private Envelope page(UUID merchantId, int limit, FeedRows.Read.Page page) {
        List<FeedEvent> events = page.rows().stream()
                .map(row -> new FeedEvent(row.id(), row.event(), row.createdAt(), RawData.text(row.body())))
                .toList();
        FeedPosition last =
                page.rows().isEmpty() ? page.start() : page.rows().getLast().position();
        return Envelope.page(events, limit, cursors.encode(merchantId, last));
    }
}
