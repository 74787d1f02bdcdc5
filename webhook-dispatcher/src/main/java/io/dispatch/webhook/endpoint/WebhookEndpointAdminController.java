package io.dispatch.webhook.endpoint;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.webhook.delivery.WebhookProperties;
import java.net.URI;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** Operator API: register a merchant's webhook URL; the signing secret is shown only here. */
@RestController
public class WebhookEndpointAdminController {

  private final WebhookEndpoints endpoints;
  private final MerchantAccounts merchants;
  private final WebhookProperties properties;

  public WebhookEndpointAdminController(
      WebhookEndpoints endpoints, MerchantAccounts merchants, WebhookProperties properties) {
    this.endpoints = endpoints;
    this.merchants = merchants;
    this.properties = properties;
  }

  public record RegisterEndpoint(String url) {}

  public record Registered(String url, String signingSecret) {}

  @PutMapping(path = "/api/v1/admin/merchants/{merchantId}/webhook", produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<Envelope> register(@PathVariable String merchantId, @RequestBody RegisterEndpoint body) {
    UUID id = ApiException.pathId(merchantId, "Merchant");
    String url = validUrl(body == null ? null : body.url());
    return Mono.fromCallable(() -> {
          merchants.findMerchant(id).orElseThrow(() -> ApiException.notFound("Merchant"));
          return new Registered(url, endpoints.register(id, url));
        })
        .subscribeOn(Schedulers.boundedElastic())
        .map(Envelope::of);
  }

  private String validUrl(String url) {
    URI uri;
    try {
      uri = url == null ? null : URI.create(url);
    } catch (IllegalArgumentException e) {
      uri = null;
    }
    if (uri == null || uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
      throw ApiException.validation("url", "must be an absolute https URL");
    }
    if (!properties.allowInsecureTargets() && !"https".equals(uri.getScheme())) {
      throw ApiException.validation("url", "must use https");
    }
    return url;
  }
}
