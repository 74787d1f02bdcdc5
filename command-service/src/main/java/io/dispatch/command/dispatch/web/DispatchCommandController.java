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
