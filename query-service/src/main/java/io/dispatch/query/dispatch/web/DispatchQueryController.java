package io.dispatch.query.dispatch.web;

import io.dispatch.events.Topics;
import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.Envelope;
import io.dispatch.web.delivery.Delivery;
import io.dispatch.web.delivery.PublicUrls;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The merchant's reads: its deliveries page by page, one delivery's current state and its history. */
@RestController
@RequestMapping(path = "/api/v1/external/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class DispatchQueryController {

  private final DispatchRows rows;
  private final ReadYourWrites freshness;
  private final PublicUrls urls;
  private final ListCursors cursors;

  public DispatchQueryController(DispatchRows rows, ReadYourWrites freshness, PublicUrls urls, ListCursors cursors) {
    this.rows = rows;
    this.freshness = freshness;
    this.urls = urls;
    this.cursors = cursors;
  }

  /** An entry of GET .../events, oldest first; the first is the creation. */
  public record HistoryEntry(
      long sequence, String status, String previousStatus, Instant occurredAt, Map<String, String> actor,
      String reasonCode, String detail) {}

  /**
   * Newest first (createdAt desc, id desc), keyset-paged: one row more than the page is read to
   * know whether a next page exists. Waits for the projection to catch up with the whole log
   * first, so a delivery whose create already answered is listed.
   */
  @GetMapping
  public Mono<Envelope> list(
      @RequestAttribute(MerchantPrincipal.ATTRIBUTE) MerchantPrincipal merchant,
      @RequestParam(name = "status", required = false) String status,
      @RequestParam(name = "source", required = false) String source,
      @RequestParam(name = "limit", required = false) String limit,
      @RequestParam(name = "cursor", required = false) String cursor) {
    UUID merchantId = merchant.merchantId();
    DispatchListQuery query = DispatchListQuery.parse(status, source, limit, cursor, merchantId, cursors);
    return freshness.awaitAll(DispatchProjection.NAME, Topics.DISPATCH_EVENTS)
        .then(rows.page(merchantId, query.status(), query.source(), query.after(), query.limit() + 1).collectList())
        .map(found -> {
          boolean more = found.size() > query.limit();
          List<DispatchRows.Listed> page = more ? found.subList(0, query.limit()) : found;
          String nextCursor = more ? cursors.encode(merchantId, query.nextAfter(page.getLast().position())) : null;
          List<Delivery> deliveries = page.stream().map(row -> Delivery.from(row.view(), urls.baseUrl())).toList();
          return Envelope.page(deliveries, query.limit(), nextCursor);
        });
  }

  @GetMapping("/{id}")
  public Mono<Envelope> get(
      @RequestAttribute(MerchantPrincipal.ATTRIBUTE) MerchantPrincipal merchant, @PathVariable String id) {
    UUID dispatchId = parseId(id);
    return fresh(dispatchId)
        .then(rows.find(dispatchId, merchant.merchantId()))
        .switchIfEmpty(Mono.error(() -> ApiException.notFound("Delivery")))
        .map(view -> Envelope.of(Delivery.from(view, urls.baseUrl())));
  }

  @GetMapping("/{id}/events")
  public Mono<Envelope> events(
      @RequestAttribute(MerchantPrincipal.ATTRIBUTE) MerchantPrincipal merchant, @PathVariable String id) {
    UUID dispatchId = parseId(id);
    return fresh(dispatchId)
        .then(rows.find(dispatchId, merchant.merchantId()))
        .switchIfEmpty(Mono.error(() -> ApiException.notFound("Delivery")))
        .flatMap(view -> rows.history(dispatchId)
            .map(t -> {
              Map<String, String> actor = new java.util.LinkedHashMap<>();
              actor.put("type", t.actorType());
              actor.put("id", t.actorId());
              return new HistoryEntry(t.sequence(), t.status(), t.previousStatus(), t.occurredAt(), actor,
                  t.reasonCode(), t.detail());
            })
            .collectList())
        .map(Envelope::of);
  }

  private Mono<Void> fresh(UUID dispatchId) {
    return freshness.awaitPartition(
        DispatchProjection.NAME, Topics.DISPATCH_EVENTS, Topics.DISPATCH_EVENTS.partitionFor(dispatchId));
  }

  private static UUID parseId(String id) {
    try {
      return UUID.fromString(id);
    } catch (IllegalArgumentException e) {
      throw ApiException.notFound("Delivery");
    }
  }
}
