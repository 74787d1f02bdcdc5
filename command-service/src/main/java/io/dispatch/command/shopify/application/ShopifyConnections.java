package io.dispatch.command.shopify.application;

import io.dispatch.command.shopify.domain.ReceivedOrder;
import io.dispatch.command.shopify.domain.ShopifySettings;
import io.dispatch.command.shopify.infrastructure.ShopifyStore;
import io.dispatch.events.Stop;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.scheduling.Blocking;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * A merchant's Shopify store connection (decisions.md section 11), for the operator's and the
 * merchant's settings routes: connecting it, and what it received lately. The orders themselves
 * arrive through {@link ShopifyOrderIntake}.
 */
@Service
public class ShopifyConnections {

    public static final String RECEIVER_PATH = "/api/v1/integrations/shopify/{merchantId}/orders";
    public static final int RECENT_ORDERS = 20;
    private static final Logger log = LoggerFactory.getLogger(ShopifyConnections.class);

    private final ShopifyStore store;
    private final MerchantAccounts merchants;
    private final PublicUrls urls;

    public ShopifyConnections(ShopifyStore store, MerchantAccounts merchants, PublicUrls urls) {
        this.store = store;
        this.merchants = merchants;
        this.urls = urls;
    }

    /** What the settings routes answer: where to point Shopify's webhook. */
    public record Connection(String shopDomain, String receiveUrl) {}

    public record Overview(String shopDomain, String receiveUrl, Stop pickup, List<ReceivedOrder> recentOrders) {}

    /** Connects the merchant's store, or changes its settings; 404 for an unknown merchant. */
    public Mono<Connection> connect(UUID merchantId, ShopifySettings settings) {
        return Blocking.call(() -> {
            merchants.findMerchant(merchantId).orElseThrow(() -> ApiException.notFound("Merchant"));
            store.save(merchantId, settings);
            log.info("Shopify store {} connected to merchant {}", settings.shopDomain(), merchantId);
            return new Connection(settings.shopDomain(), receiveUrl(merchantId));
        });
    }

    /** The connection and the last {@value #RECENT_ORDERS} orders received, newest first; 404 when not connected. */
    public Mono<Overview> overview(UUID merchantId) {
        return Blocking.call(() -> {
            ShopifySettings settings =
                    store.find(merchantId).orElseThrow(() -> ApiException.notFound("Shopify integration"));
            return new Overview(
                    settings.shopDomain(),
                    receiveUrl(merchantId),
                    settings.pickup(),
                    store.recent(merchantId, RECENT_ORDERS));
        });
    }

    public String receiveUrl(UUID merchantId) {
        return urls.baseUrl() + RECEIVER_PATH.replace("{merchantId}", merchantId.toString());
    }
}
