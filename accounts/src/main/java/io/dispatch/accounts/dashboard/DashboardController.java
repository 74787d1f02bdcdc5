package io.dispatch.accounts.dashboard;

import io.dispatch.accounts.merchant.AccountController;
import io.dispatch.accounts.merchant.KeyRequests;
import io.dispatch.accounts.merchant.KeyRequests.IssueKey;
import io.dispatch.accounts.merchant.KeyRequests.KeyView;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.maps.MapSettings;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Hidden;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The dashboard's own routes in command-service: who is signed in (with the CSRF token every
 * state-changing call of the session needs) and the merchant's API keys. A session only: the
 * security chain refuses an API key here, so a key cannot make or revoke keys.
 */
@Hidden
@RestController
@RequestMapping(path = "/api/v1/dashboard", produces = MediaType.APPLICATION_JSON_VALUE)
public class DashboardController {

    private static final Logger log = LoggerFactory.getLogger(DashboardController.class);

    private final MerchantAccounts merchants;
    private final MapSettings maps;

    public DashboardController(MerchantAccounts merchants, MapSettings maps) {
        this.merchants = merchants;
        this.maps = maps;
    }

    /** {@code csrfToken} goes in the {@code X-CSRF-TOKEN} header of every state-changing call. */
    public record Me(
            UUID merchantId, String email, String businessName, boolean sandbox, String csrfToken, Maps maps) {}

    /** The map settings of the dashboard's live map ({@code tileUrl} empty: the drawing). */
    public record Maps(String tileUrl, String attribution) {}

    public record KeyRow(String keyId, List<String> scopes, Instant createdAt, Instant revokedAt) {}

    @GetMapping("/me")
    public Mono<Envelope> me(MerchantPrincipal merchant, ServerWebExchange exchange) {
        Mono<CsrfToken> csrf = exchange.getAttributeOrDefault(CsrfToken.class.getName(), Mono.empty());
        return exchange.getSession()
                .zipWith(csrf)
                .flatMap(sessionAndToken -> Blocking.call(() -> {
                    var found = merchants
                            .findMerchant(merchant.merchantId())
                            .orElseThrow(() -> ApiException.notFound("Merchant"));
                    String email = sessionAndToken.getT1().getAttribute(AccountController.EMAIL_ATTRIBUTE);
                    MapSettings.Tiles tiles = maps.current();
                    return Envelope.of(new Me(
                            found.id(),
                            email,
                            found.name(),
                            found.sandbox(),
                            sessionAndToken.getT2().getToken(),
                            new Maps(tiles.url(), tiles.attribution())));
                }));
    }

    @GetMapping("/api-keys")
    public Mono<Envelope> keys(MerchantPrincipal merchant) {
        return Blocking.call(() -> merchants.listKeys(merchant.merchantId()).stream()
                        .map(key -> new KeyRow(
                                key.keyId(), KeyRequests.wireNames(key.scopes()), key.createdAt(), key.revokedAt()))
                        .toList())
                .map(Envelope::of);
    }

    /** The key in {@code apiKey} is shown here only. */
    @PostMapping(path = "/api-keys", consumes = MediaType.ALL_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Envelope> issueKey(MerchantPrincipal merchant, @RequestBody(required = false) IssueKey body) {
        Set<Scope> scopes = KeyRequests.scopes(body);
        return Blocking.call(() -> merchants.issueKey(merchant.merchantId(), scopes))
                .doOnNext(key -> log.info(
                        "Merchant {} made API key {} with scopes {} from the dashboard",
                        merchant.merchantId(),
                        key.keyId(),
                        key.scopes()))
                .map(key -> Envelope.of(KeyView.of(key)));
    }

    @DeleteMapping("/api-keys/{keyId}")
    public Mono<ResponseEntity<Void>> revokeKey(MerchantPrincipal merchant, @PathVariable String keyId) {
        return Blocking.call(() -> merchants.revokeKey(merchant.merchantId(), keyId))
                .map(found -> {
                    if (!found) {
                        throw ApiException.notFound("API key");
                    }
                    log.info("Merchant {} revoked API key {} from the dashboard", merchant.merchantId(), keyId);
                    return ResponseEntity.noContent().<Void>build();
                });
    }
}
