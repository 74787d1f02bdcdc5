package io.dispatch.webhook.endpoint;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.text.TextRule;
import io.dispatch.webhook.destination.TargetPolicy;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Registering a merchant's webhook URL, for the operator's route and the dashboard's: the URL is
 * checked against the target policy (422 on {@code url}) and a new or changed URL gets a new
 * secret. Blocking.
 */
@Component
public class EndpointRegistration {

    /** The body of the operator's and the dashboard's PUT. */
    public record RegisterEndpoint(String url) {}

    /** {@code signingSecret} is null when the URL did not change (the secret stays). */
    public record Registered(String url, String signingSecret) {}

    private final WebhookEndpoints endpoints;
    private final TargetPolicy targets;

    EndpointRegistration(WebhookEndpoints endpoints, TargetPolicy targets) {
        this.endpoints = endpoints;
        this.targets = targets;
    }

    public Registered register(UUID merchantId, String rawUrl) {
        TextRule.SINGLE_LINE.check("url", rawUrl);
        String url;
        try {
            url = targets.checkRegistration(rawUrl).toString();
        } catch (TargetPolicy.RefusedTarget refused) {
            throw ApiException.validation("url", refused.getMessage());
        }
        return new Registered(url, endpoints.register(merchantId, url));
    }
}
