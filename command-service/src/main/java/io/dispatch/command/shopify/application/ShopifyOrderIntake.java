package io.dispatch.command.shopify.application;

import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.shopify.application.MappedOrder.Deliverable;
import io.dispatch.command.shopify.application.MappedOrder.Invalid;
import io.dispatch.command.shopify.application.MappedOrder.NoShippingAddress;
import io.dispatch.command.shopify.domain.ReceivedOrder.Outcome;
import io.dispatch.command.shopify.domain.ShopifySettings;
import io.dispatch.command.shopify.infrastructure.ShopifyStore;
import io.dispatch.events.Actor;
import io.dispatch.events.Source;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.text.TextRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The orders/create receiver of the Shopify store integration (decisions.md section 11). An order
 * becomes a delivery through {@link DispatchCreation}, the path of every create (same rules,
 * events and webhooks), with source {@code shopify} and the merchant as the actor: it is the
 * merchant's own shop. Every receipt is recorded, so an order makes one delivery at most.
 */
@Service
public class ShopifyOrderIntake {

    private static final Logger log = LoggerFactory.getLogger(ShopifyOrderIntake.class);

    private final ShopifyStore store;
    private final MerchantAccounts merchants;
    private final DispatchCreation dispatches;
    private final OrderMapping mapping;
    private final JsonMapper json;

    public ShopifyOrderIntake(
            ShopifyStore store,
            MerchantAccounts merchants,
            DispatchCreation dispatches,
            OrderMapping mapping,
            JsonMapper json) {
        this.store = store;
        this.merchants = merchants;
        this.dispatches = dispatches;
        this.mapping = mapping;
        this.json = json;
    }

    /** What the receiver answers Shopify. */
    public record Receipt(String webhookId, Outcome outcome, UUID dispatchId) {}

    /**
     * One orders/create delivery from Shopify. The signature is checked on the raw bytes before
     * they are parsed; an unknown merchant, a store not connected and a wrong signature answer the
     * same 401, so the route tells nobody which merchants exist. Every signed order answers 200,
     * whatever became of it, so Shopify does not retry an order that can never become a delivery.
     */
    public Mono<Receipt> receive(String merchantPath, ShopifyHeaders.Received headers, byte[] body) {
        UUID merchantId = merchantIdOrNull(merchantPath);
        return Blocking.call(() -> merchantId == null ? Optional.<ShopifySettings>empty() : connected(merchantId))
                .flatMap(settings -> {
                    if (settings.isEmpty()
                            || !ShopifySignature.verifies(settings.get().webhookSecret(), body, headers.hmac())) {
                        log.warn(
                                "Shopify webhook for merchant {} refused: not connected or the signature does not verify",
                                merchantId);
                        return Mono.error(new ApiException(
                                ErrorCode.UNAUTHORIZED, "X-Shopify-Hmac-Sha256 does not verify for this receiver"));
                    }
                    String id = webhookId(headers.webhookId());
                    JsonNode order = parse(body);
                    Receiving receiving = new Receiving(merchantId, id, orderId(order));
                    if (headers.topic() != null && !ShopifyHeaders.ORDERS_CREATE.equals(headers.topic())) {
                        // another topic subscribed to this URL by mistake: an update must not become a second delivery
                        return deliver(
                                receiving,
                                new Invalid(
                                        null,
                                        Map.of(
                                                ShopifyHeaders.TOPIC,
                                                List.of("must be " + ShopifyHeaders.ORDERS_CREATE
                                                        + "; this receiver takes new orders only"))));
                    }
                    return deliver(receiving, mapping.map(order, settings.get().pickup()));
                });
    }

    /**
     * One signed webhook: its merchant, its {@code X-Shopify-Webhook-Id} (not under the signature:
     * anyone who saw a signed body can post it again under a new one) and the order's own id
     * (under the signature), which makes one delivery at most.
     */
    private record Receiving(UUID merchantId, String webhookId, String orderId) {}

    private Mono<Receipt> deliver(Receiving receiving, MappedOrder mapped) {
        UUID merchantId = receiving.merchantId();
        return switch (mapped) {
            case Deliverable deliverable ->
                dispatches
                        .createClaimed(
                                merchantId,
                                deliverable.order(),
                                Source.SHOPIFY,
                                Actor.merchant(merchantId),
                                dispatchId -> store.recordFirst(
                                        merchantId,
                                        receiving.webhookId(),
                                        receiving.orderId(),
                                        mapped.orderName(),
                                        Outcome.CREATED,
                                        dispatchId,
                                        null))
                        .flatMap(written -> written.isPresent()
                                ? Mono.just(new Receipt(
                                        receiving.webhookId(),
                                        Outcome.CREATED,
                                        written.get().view().dispatchId()))
                                : repeat(receiving, mapped));
            case NoShippingAddress none -> recordWithoutDelivery(receiving, mapped, Outcome.NO_SHIPPING_ADDRESS, null);
            case Invalid invalid -> recordWithoutDelivery(receiving, mapped, Outcome.INVALID, invalid.detail());
        };
    }

    private Mono<Receipt> recordWithoutDelivery(
            Receiving receiving, MappedOrder mapped, Outcome outcome, String detail) {
        return Blocking.call(() -> store.recordFirst(
                        receiving.merchantId(),
                        receiving.webhookId(),
                        receiving.orderId(),
                        mapped.orderName(),
                        outcome,
                        null,
                        detail))
                .flatMap(first -> {
                    if (!first) {
                        return repeat(receiving, mapped);
                    }
                    log.warn(
                            "Shopify order {} of merchant {} (webhook {}) made no delivery: {}{}",
                            mapped.orderName(),
                            receiving.merchantId(),
                            receiving.webhookId(),
                            outcome,
                            detail == null ? "" : " (" + detail + ")");
                    return Mono.just(new Receipt(receiving.webhookId(), outcome, null));
                });
    }

    /** A webhook id received before, or an order that already made a delivery: 200 DUPLICATE, nothing created. */
    private Mono<Receipt> repeat(Receiving receiving, MappedOrder mapped) {
        return Blocking.call(() -> store.recordRepeat(
                        receiving.merchantId(), receiving.webhookId(), receiving.orderId(), mapped.orderName()))
                .doOnNext(first -> log.info(
                        "Shopify webhook {} (order {}) of merchant {} received again; no second delivery",
                        receiving.webhookId(),
                        receiving.orderId(),
                        receiving.merchantId()))
                .map(first -> new Receipt(receiving.webhookId(), Outcome.DUPLICATE, first.orElse(null)));
    }

    /** The merchant's settings when its store is connected and the merchant is active. */
    private Optional<ShopifySettings> connected(UUID merchantId) {
        boolean active = merchants
                .findMerchant(merchantId)
                .map(m -> "ACTIVE".equals(m.status()))
                .orElse(false);
        return active ? store.find(merchantId) : Optional.empty();
    }

    private JsonNode parse(byte[] body) {
        try {
            return json.readTree(body);
        } catch (JacksonException e) {
            return null; // mapped as INVALID: a signed body that is no JSON object will not change on retry
        }
    }

    /** Shopify's id of the order ({@code id}, a number in Shopify's JSON); null when there is none. */
    private static String orderId(JsonNode order) {
        JsonNode id = order == null || !order.isObject() ? null : order.get("id");
        if (id == null
                || !(id.isIntegralNumber() || id.isString())
                || id.asString().isBlank()) {
            return null;
        }
        return id.asString().strip();
    }

    private static String webhookId(String header) {
        TextRule.SINGLE_LINE.check(ShopifyHeaders.WEBHOOK_ID, header);
        if (header == null || header.isBlank() || header.length() > 255) {
            throw ApiException.validation(
                    ShopifyHeaders.WEBHOOK_ID, "is required: 1 to 255 characters, as Shopify sends it");
        }
        return header.strip();
    }

    private static UUID merchantIdOrNull(String path) {
        try {
            return UUID.fromString(path);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
