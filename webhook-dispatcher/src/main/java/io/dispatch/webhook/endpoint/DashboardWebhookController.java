package io.dispatch.webhook.endpoint;

import io.dispatch.web.Envelope;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The dashboard's webhook URL (a session only, CSRF-checked): the same rules and answers as the
 * operator's {@code PUT /api/v1/admin/merchants/:id/webhook}; the secret is shown once. Test,
 * resend, recover and enable are the merchant API's own routes, which a session may call too.
 */
@Hidden
@RestController
@RequestMapping(path = "/api/v1/dashboard/webhook", produces = MediaType.APPLICATION_JSON_VALUE)
public class DashboardWebhookController {

    private final EndpointRegistration registration;
    private final WebhookEndpoints endpoints;

    DashboardWebhookController(EndpointRegistration registration, WebhookEndpoints endpoints) {
        this.registration = registration;
        this.endpoints = endpoints;
    }

    @PutMapping
    public Mono<Envelope> register(
            MerchantPrincipal merchant, @RequestBody(required = false) EndpointRegistration.RegisterEndpoint body) {
        return Blocking.call(
                () -> Envelope.of(registration.register(merchant.merchantId(), body == null ? null : body.url())));
    }

    /** 204, also when none was registered. */
    @DeleteMapping
    public Mono<ResponseEntity<Void>> delete(MerchantPrincipal merchant) {
        return Blocking.run(() -> endpoints.delete(merchant.merchantId()))
                .thenReturn(ResponseEntity.noContent().build());
    }
}
