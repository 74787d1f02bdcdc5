package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchOrder;
import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.application.DispatchService.Written;
import io.dispatch.events.Actor;
import io.dispatch.events.Source;
import io.dispatch.web.Envelope;
import io.dispatch.web.delivery.Delivery;
import io.dispatch.web.delivery.PublicUrls;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** The merchant's writes: create a delivery, cancel it. */
@RestController
@RequestMapping(path = "/api/v1/external/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class DispatchCommandController {

  /** Where the write's last event sits in the log: {@code <topic>/<partition>@<offset>}. */
  public static final String LOG_POSITION_HEADER = "X-Log-Position";
  public static final int BULK_LIMIT = 500;

  private final DispatchService dispatches;
  private final PublicUrls urls;

  public DispatchCommandController(DispatchService dispatches, PublicUrls urls) {
    this.dispatches = dispatches;
    this.urls = urls;
  }

  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ResponseEntity<Envelope>> create(
      @RequestAttribute(MerchantPrincipal.ATTRIBUTE) MerchantPrincipal merchant, @RequestBody JsonNode body) {
    FieldErrors errors = new FieldErrors();
    DispatchOrder order = DispatchOrderParser.parse(body, "", errors);
    errors.throwIfAny();
    return dispatches.create(merchant.merchantId(), order, Source.API, Actor.merchant(merchant.merchantId()))
        .map(written -> answer(HttpStatus.CREATED, written))
        .onErrorMap(DispatchErrors::toApi);
  }

  /** The answer of a bulk create: the deliveries in request order. */
  public record BulkCreated(int count, List<Delivery> dispatches) {}

  /** Up to {@value #BULK_LIMIT} deliveries in one transaction: any invalid row and none is created. */
  @PostMapping(path = "/bulk", consumes = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ResponseEntity<Envelope>> createBulk(
      @RequestAttribute(MerchantPrincipal.ATTRIBUTE) MerchantPrincipal merchant, @RequestBody JsonNode body) {
    FieldErrors errors = new FieldErrors();
    JsonNode rows = body != null && body.isObject() ? body.get("orders") : null;
    if (body == null || !body.isObject()) {
      errors.add("body", "must be a JSON object with an orders array");
    } else if (rows == null || rows.isNull()) {
      errors.add("orders", "is required: an array of 1 to " + BULK_LIMIT + " orders");
    } else if (!rows.isArray()) {
      errors.add("orders", "must be an array of 1 to " + BULK_LIMIT + " orders");
    } else if (rows.isEmpty() || rows.size() > BULK_LIMIT) {
      errors.add("orders", "must hold 1 to " + BULK_LIMIT + " orders; it holds " + rows.size());
    }
    errors.throwIfAny();
    List<DispatchOrder> orders = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      orders.add(DispatchOrderParser.parse(rows.get(i), "orders[" + i + "].", errors));
    }
    errors.throwIfAny();
    return dispatches.createAll(merchant.merchantId(), orders, Source.API, Actor.merchant(merchant.merchantId()))
        .map(written -> ResponseEntity.status(HttpStatus.CREATED).body(Envelope.of(new BulkCreated(
            written.size(), written.stream().map(w -> Delivery.from(w.view(), urls.baseUrl())).toList()))))
        .onErrorMap(DispatchErrors::toApi);
  }

  @PatchMapping(path = "/{id}/status", consumes = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ResponseEntity<Envelope>> changeStatus(
      @RequestAttribute(MerchantPrincipal.ATTRIBUTE) MerchantPrincipal merchant,
      @PathVariable String id,
      @RequestBody JsonNode body) {
    UUID dispatchId = parseId(id);
    FieldErrors errors = new FieldErrors();
    JsonNode status = body == null ? null : body.get("status");
    if (status == null || !status.isString() || !"CANCELLED".equals(status.stringValue())) {
      errors.add("status", "must be CANCELLED: the merchant API can only cancel a delivery");
    }
    JsonNode reason = body == null ? null : body.get("reason");
    if (reason != null && !reason.isNull() && (!reason.isString() || reason.stringValue().length() > 500)) {
      errors.add("reason", "must be a string of at most 500 characters");
    }
    errors.throwIfAny();
    String reasonText = reason == null || reason.isNull() ? null : reason.stringValue();
    return dispatches.cancel(merchant.merchantId(), dispatchId, reasonText)
        .map(written -> answer(HttpStatus.OK, written))
        .onErrorMap(DispatchErrors::toApi);
  }

  private ResponseEntity<Envelope> answer(HttpStatus status, Written written) {
    var response = ResponseEntity.status(status);
    if (written.published() != null) {
      response.header(LOG_POSITION_HEADER, "dispatch-events/" + written.published().partition() + "@"
          + written.published().offset());
    }
    return response.body(Envelope.of(Delivery.from(written.view(), urls.baseUrl())));
  }

  /** A path id that is not a UUID cannot name a delivery: 404, never 500. */
  static UUID parseId(String id) {
    try {
      return UUID.fromString(id);
    } catch (IllegalArgumentException e) {
      throw ApiException.notFound("Delivery");
    }
  }
}
