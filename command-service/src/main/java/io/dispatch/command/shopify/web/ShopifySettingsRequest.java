package io.dispatch.command.shopify.web;

import io.dispatch.command.dispatch.web.DispatchOrderParser;
import io.dispatch.command.shopify.application.ShopifySettings;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.JsonFields;
import io.dispatch.events.Stop;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Locale;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** Reads the body of PUT .../integrations/shopify, reporting every problem under its field's name. */
final class ShopifySettingsRequest {

  /** A store's permanent domain: {@code <name>.myshopify.com}. */
  static final String SHOP_DOMAIN = "^[a-z0-9][a-z0-9-]*\\.myshopify\\.com$";
  private static final Pattern DOMAIN = Pattern.compile(SHOP_DOMAIN);

  private ShopifySettingsRequest() {}

  static ShopifySettings parse(JsonNode body) {
    FieldErrors errors = new FieldErrors();
    JsonFields f = JsonFields.body(body, "with shopDomain, webhookSecret and pickup", errors);
    String shopDomain = f.string("shopDomain", true, 1, 255);
    if (shopDomain != null && !DOMAIN.matcher(shopDomain.strip().toLowerCase(Locale.ROOT)).matches()) {
      errors.add("shopDomain", "must be the store's myshopify.com domain, like my-store.myshopify.com");
    }
    String secret = f.string("webhookSecret", true, 1, 500);
    Stop pickup = DispatchOrderParser.stop(body.get("pickup"), "pickup", errors);
    errors.throwIfAny();
    return new ShopifySettings(shopDomain.strip().toLowerCase(Locale.ROOT), secret, pickup);
  }

  @Schema(name = "ShopifySettings", requiredProperties = {"shopDomain", "webhookSecret", "pickup"})
  record Document(
      @Schema(pattern = SHOP_DOMAIN, maxLength = 255, example = "my-store.myshopify.com",
          description = "The store's myshopify.com domain (case does not matter)") String shopDomain,
      @Schema(minLength = 1, maxLength = 500, writeOnly = true, description = """
          The key Shopify signs the store's webhooks with (Settings > Notifications > Webhooks). Stored \
          encrypted, never shown again""") String webhookSecret,
      @Schema(description = "Where every order's delivery is picked up") PickupDocument pickup) {}

  @Schema(name = "ShopifyPickup", requiredProperties = "address",
      description = "lat and lng are given together or not at all (422 on the one given alone)")
  record PickupDocument(
      @Schema(minLength = 1, maxLength = 500, example = "Moi Avenue 1, Nairobi") String address,
      @Schema(nullable = true, minimum = "-90", maximum = "90", example = "-1.2841") Double lat,
      @Schema(nullable = true, minimum = "-180", maximum = "180", example = "36.8233") Double lng,
      @Schema(nullable = true, maxLength = 500, example = "Back door") String notes) {}
}
