package io.dispatch.command.shopify.web;

import io.dispatch.command.dispatch.web.StopDocument;
import io.dispatch.command.shopify.domain.ShopifySettings;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.Reading;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/** Reads the body of PUT .../integrations/shopify, reporting every problem under its field's name. */
final class ShopifySettingsRequest {

    /** A store's permanent domain: {@code <name>.myshopify.com}. */
    static final String SHOP_DOMAIN = "^[a-z0-9][a-z0-9-]*\\.myshopify\\.com$";

    private ShopifySettingsRequest() {}

    static ShopifySettings parse(JsonNode body) {
        FieldErrors errors = new FieldErrors();
        Document settings =
                DocumentedBody.of(Document.class).readBody(body, "with shopDomain, webhookSecret and pickup", errors);
        errors.throwIfAny();
        return new ShopifySettings(
                settings.shopDomain(),
                settings.webhookSecret(),
                settings.pickup().stop());
    }

    /** The body as the OpenAPI document shows it and {@link #parse} reads it. */
    @Schema(
            name = "ShopifySettings",
            requiredProperties = {"shopDomain", "webhookSecret", "pickup"})
    record Document(
            @Schema(
                    pattern = SHOP_DOMAIN,
                    minLength = 1,
                    maxLength = 255,
                    example = "my-store.myshopify.com",
                    description = "The store's myshopify.com domain (case does not matter)")
            @Reading(
                    lowerCased = true,
                    unmatched = "must be the store's myshopify.com domain, like my-store.myshopify.com")
            String shopDomain,

            @Schema(minLength = 1, maxLength = 500, writeOnly = true, description = """
          The key Shopify signs the store's webhooks with (Settings > Notifications > Webhooks). Stored \
          encrypted, never shown again""")
            String webhookSecret,

            @Schema(description = "Where every order's delivery is picked up")
            StopDocument pickup) {}
}
