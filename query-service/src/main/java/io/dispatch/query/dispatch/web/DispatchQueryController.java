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
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The merchant's reads of one delivery: its current state and its status history. */
@RestController
@RequestMapping(path = "/api/v1/external/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class DispatchQueryController {

  private final DispatchRows rows;
  private final ReadYourWrites freshness;
  private final PublicUrls urls;

  public DispatchQueryController(DispatchRows rows, ReadYourWrites freshness, PublicUrls urls) {
    this.rows = rows;
    this.freshness = freshness;
    this.urls = urls;
  }

  /** An entry of GET .../events, oldest first; the first is the creation. */
  public record HistoryEntry(
      long sequence, String status, String previousStatus, Instant occurredAt, Map<String, String> actor,
      String reasonCode, String detail) {}

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
