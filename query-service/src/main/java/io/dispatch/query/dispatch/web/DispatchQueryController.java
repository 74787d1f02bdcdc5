package io.dispatch.query.dispatch.web;

import io.dispatch.events.Topics;
import io.dispatch.events.view.DispatchView;
import io.dispatch.query.dispatch.DeliveryReads;
import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.representation.Delivery;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.openapi.ApiSchemas;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The merchant's reads: its deliveries page by page, one delivery's current state and its history. */
@Tag(name = "Deliveries")
@RestController
@RequestMapping(path = "/api/v1/external/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class DispatchQueryController {

    private final DispatchRows rows;
    private final ReadYourWrites freshness;
    private final DeliveryReads deliveries;
    private final PublicUrls urls;
    private final ListCursors cursors;

    public DispatchQueryController(
            DispatchRows rows,
            ReadYourWrites freshness,
            DeliveryReads deliveries,
            PublicUrls urls,
            ListCursors cursors) {
        this.rows = rows;
        this.freshness = freshness;
        this.deliveries = deliveries;
        this.urls = urls;
        this.cursors = cursors;
    }

    /**
     * Newest first (createdAt desc, id desc), keyset-paged: one row more than the page is read to
     * know whether a next page exists. Waits for the projection to catch up with the whole log
     * first, so a delivery whose create already answered is listed.
     */
    @Operation(operationId = "listDispatches", summary = "List deliveries, newest first", description = """
      Full Delivery objects of the calling merchant, ordered by createdAt then id, newest first. Page with \
      meta.nextCursor (opaque; absent on the last page); no delivery is skipped or repeated while paging, even \
      as new ones arrive. A cursor only works with the filters it was issued for. A bad status, source, limit \
      or cursor answers 422 naming the parameter. Reflects every write whose answer was already received.""")
    @ApiResponse(
            responseCode = "200",
            description = "A page",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.DeliveryListResponse.class)))
    @GetMapping
    public Mono<Envelope> list(
            MerchantPrincipal merchant,
            @Parameter(
                            schema =
                                    @Schema(
                                            allowableValues = {
                                                "NEW",
                                                "ASSIGNED",
                                                "PICKED_UP",
                                                "IN_TRANSIT",
                                                "DELIVERED",
                                                "FAILED",
                                                "CANCELLED"
                                            }))
                    @RequestParam(name = "status", required = false)
                    String status,
            @Parameter(schema = @Schema(allowableValues = {"api", "csv", "shopify", "staff"}))
                    @RequestParam(name = "source", required = false)
                    String source,
            @Parameter(
                            description = "1 to 200",
                            schema =
                                    @Schema(
                                            type = "integer",
                                            format = "int32",
                                            minimum = "1",
                                            maximum = "200",
                                            defaultValue = "50"))
                    @RequestParam(name = "limit", required = false)
                    String limit,
            @Parameter(description = "meta.nextCursor of the previous page")
                    @RequestParam(name = "cursor", required = false)
                    String cursor) {
        UUID merchantId = merchant.merchantId();
        DispatchListQuery query = DispatchListQuery.parse(status, source, limit, cursor, merchantId, cursors);
        return freshness
                .awaitAll(DispatchProjection.NAME, Topics.DISPATCH_EVENTS)
                .then(rows.page(merchantId, query.status(), query.source(), query.after(), query.limit() + 1)
                        .collectList())
                .map(found -> {
                    boolean more = found.size() > query.limit();
                    List<DispatchRows.Listed> page = more ? found.subList(0, query.limit()) : found;
                    String nextCursor = more
                            ? cursors.encode(
                                    merchantId, query.nextAfter(page.getLast().position()))
                            : null;
                    List<Delivery> deliveries = page.stream()
                            .map(row -> Delivery.from(row.view(), urls.baseUrl()))
                            .toList();
                    return Envelope.page(deliveries, query.limit(), nextCursor);
                });
    }

    @Operation(operationId = "getDispatch", summary = "Read one delivery", description = """
      Another merchant's id, or one that does not exist, answers 404 NOT_FOUND. A read sent after a write's \
      answer reflects that write (never 404 after the create's 201).""")
    @ApiResponse(
            responseCode = "200",
            description = "The delivery",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.DeliveryResponse.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No such delivery for this merchant",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "503",
            description = """
      Nothing found while the read model is still behind the event log (a consumer is restarting): the \
      delivery may exist; retry after Retry-After (1 s)""",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @GetMapping("/{id}")
    public Mono<Envelope> get(MerchantPrincipal merchant, @PathVariable String id) {
        return owned(merchant, id).map(view -> Envelope.of(Delivery.from(view, urls.baseUrl())));
    }

    @Operation(operationId = "listDispatchEvents", summary = "Status history of one delivery", description = """
      Every status transition, oldest first: {sequence, status, previousStatus, occurredAt, actor: {type, id}, \
      reasonCode, detail}; the first is the creation (previousStatus null). actor.type is merchant, rider, \
      operator or system.""")
    @ApiResponse(
            responseCode = "200",
            description = "The history",
            content = @Content(schema = @Schema(implementation = HistoryResponse.class)))
    @ApiResponse(
            responseCode = "503",
            description = """
      Nothing found while the read model is still behind the event log: the delivery may exist; retry \
      after Retry-After (1 s)""",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @GetMapping("/{id}/events")
    public Mono<Envelope> events(MerchantPrincipal merchant, @PathVariable String id) {
        return owned(merchant, id)
                .flatMap(view -> history(rows, view.dispatchId()))
                .map(Envelope::of);
    }

    /** The history entries of one delivery, oldest first. */
    static Mono<List<HistoryEntry>> history(DispatchRows rows, UUID dispatchId) {
        return rows.history(dispatchId)
                .map(t -> {
                    HistoryActor actor = new HistoryActor(t.actorType(), t.actorId());
                    return new HistoryEntry(
                            t.sequence(),
                            t.status(),
                            t.previousStatus(),
                            t.occurredAt(),
                            actor,
                            t.reasonCode(),
                            t.detail());
                })
                .collectList();
    }

    /** The merchant's delivery once the projection has caught up (see {@link DeliveryReads}). */
    private Mono<DispatchView> owned(MerchantPrincipal merchant, String id) {
        return deliveries.merchants(merchant.merchantId(), ApiException.pathId(id, "Delivery"));
    }
}
