package io.dispatch.command.dispatch.web;

import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.JsonFields;
import io.dispatch.events.FailureReason;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/** A failure's reason code and detail, as riders and operators give them ({reasonCode, detail}). */
public record FailureRequest(FailureReason reasonCode, String detail) {

  public static FailureRequest parse(JsonNode body) {
    FieldErrors errors = new FieldErrors();
    JsonFields f = JsonFields.body(body, "{reasonCode, detail}", errors);
    FailureReason reason = f.oneOf("reasonCode", FailureReason.class);
    String detail = f.multiLineString("detail", reason == FailureReason.OTHER, 1, 1000);
    errors.throwIfAny();
    return new FailureRequest(reason, detail);
  }

  /** The body as the OpenAPI document shows it. */
  @Schema(name = "FailRequest", requiredProperties = "reasonCode")
  public record Document(
      @Schema(allowableValues = {"CUSTOMER_UNREACHABLE", "WRONG_ADDRESS", "REFUSED", "DAMAGED", "RIDER_UNAVAILABLE", "OTHER"})
      String reasonCode,
      @Schema(maxLength = 1000, description = "required with OTHER") String detail) {}
}
