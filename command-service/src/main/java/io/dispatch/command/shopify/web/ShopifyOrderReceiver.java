package io.dispatch.command.shopify.web;

import io.dispatch.command.shopify.application.ShopifyHeaders;
import io.dispatch.command.shopify.application.ShopifyOrderIntake;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.micrometer.core.instrument.MeterRegistry;
import io.swagger.v3.oas.annotations.Operation;
import java.util.Locale;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The receiveUrl Shopify calls for orders/create. Public in the security chain: the store's
 * HMAC is the credential, checked on the raw body bytes (so the body is taken as bytes, within
 * the same size limit as every route) before they are parsed.
 */
@RestController
public class ShopifyOrderReceiver {

    private final ShopifyOrderIntake intake;
    private final MeterRegistry meters;

    public ShopifyOrderReceiver(ShopifyOrderIntake intake, MeterRegistry meters) {
        this.intake = intake;
        this.meters = meters;
    }

    @Operation(hidden = true)
    @PostMapping(
            path = "/api/v1/integrations/shopify/{merchantId}/orders",
            consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> receive(
            @PathVariable String merchantId,
            @RequestHeader(name = ShopifyHeaders.HMAC, required = false) String hmac,
            @RequestHeader(name = ShopifyHeaders.WEBHOOK_ID, required = false) String webhookId,
            @RequestHeader(name = ShopifyHeaders.TOPIC, required = false) String topic,
            @RequestBody(required = false) byte[] body) {
        return intake.receive(
                        merchantId,
                        new ShopifyHeaders.Received(hmac, webhookId, topic),
                        body == null ? new byte[0] : body)
                .doOnNext(receipt -> count(receipt.outcome().name().toLowerCase(Locale.ROOT)))
                .doOnError(ApiException.class, refused -> count("refused"))
                .map(Envelope::of);
    }

    /** {@code dispatch.shopify.orders{outcome}}: created, duplicate, no_shipping_address, invalid, refused (401). */
    private void count(String outcome) {
        meters.counter("dispatch.shopify.orders", "outcome", outcome).increment();
    }
}
