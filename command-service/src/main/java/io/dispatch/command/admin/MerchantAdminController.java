package io.dispatch.command.admin;

import io.dispatch.accounts.merchant.KeyRequests;
import io.dispatch.accounts.merchant.KeyRequests.IssueKey;
import io.dispatch.accounts.merchant.KeyRequests.KeyView;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.text.TextRule;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** Operator API for merchants and their API keys (the key is shown once, here). */
@RestController
@RequestMapping(path = "/api/v1/admin/merchants", produces = MediaType.APPLICATION_JSON_VALUE)
public class MerchantAdminController {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(MerchantAdminController.class);

    private final MerchantAccounts accounts;

    public MerchantAdminController(MerchantAccounts accounts) {
        this.accounts = accounts;
    }

    /** {@code sandbox}: the merchant's deliveries are for testing; the rider simulator drives them when it is on. */
    @io.swagger.v3.oas.annotations.media.Schema(requiredProperties = "name")
    public record CreateMerchant(
            @io.swagger.v3.oas.annotations.media.Schema(minLength = 1, maxLength = 200)
            String name,

            Boolean sandbox) {}

    @io.swagger.v3.oas.annotations.Operation(operationId = "createMerchant", summary = "Create a merchant")
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Envelope> create(OperatorPrincipal operator, @RequestBody CreateMerchant body) {
        TextRule.SINGLE_LINE.check("name", body == null ? null : body.name());
        if (body == null
                || body.name() == null
                || body.name().isBlank()
                || body.name().length() > 200) {
            throw ApiException.validation("name", "is required, 1 to 200 characters");
        }
        boolean sandbox = Boolean.TRUE.equals(body.sandbox());
        return Blocking.call(() -> accounts.createMerchant(body.name().strip(), sandbox))
                .map(Envelope::of);
    }

    @io.swagger.v3.oas.annotations.Operation(
            operationId = "issueKey",
            summary = "Issue an API key",
            description = "The key is shown here only. A merchant holds at most 10 active keys "
                    + "(dispatch.api-keys.max-per-merchant); one more answers 422 on scopes: revoke one first.")
    @PostMapping("/{merchantId}/api-keys")
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Envelope> issueKey(
            OperatorPrincipal operator, @PathVariable String merchantId, @RequestBody(required = false) IssueKey body) {
        UUID id = ApiException.pathId(merchantId, "Merchant");
        Set<Scope> scopes = KeyRequests.scopes(body);
        return Blocking.call(() -> {
                    accounts.findMerchant(id).orElseThrow(() -> ApiException.notFound("Merchant"));
                    return accounts.issueKey(id, scopes);
                })
                .doOnNext(key ->
                        log.info("Issued API key {} to merchant {} with scopes {}", key.keyId(), id, key.scopes()))
                .map(key -> Envelope.of(KeyView.of(key)));
    }

    @io.swagger.v3.oas.annotations.Operation(operationId = "revokeKey", summary = "Revoke an API key")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "204", description = "Revoked (no body)")
    @DeleteMapping("/{merchantId}/api-keys/{keyId}")
    public Mono<ResponseEntity<Void>> revokeKey(
            OperatorPrincipal operator, @PathVariable String merchantId, @PathVariable String keyId) {
        UUID id = ApiException.pathId(merchantId, "Merchant");
        return Blocking.call(() -> accounts.revokeKey(id, keyId)).map(found -> {
            if (!found) {
                throw ApiException.notFound("API key");
            }
            return ResponseEntity.noContent().<Void>build();
        });
    }

    @PostMapping("/{merchantId}/suspend")
    public Mono<Envelope> suspend(OperatorPrincipal operator, @PathVariable String merchantId) {
        return status(merchantId, "SUSPENDED");
    }

    @PostMapping("/{merchantId}/reactivate")
    public Mono<Envelope> reactivate(OperatorPrincipal operator, @PathVariable String merchantId) {
        return status(merchantId, "ACTIVE");
    }

    private Mono<Envelope> status(String merchantId, String status) {
        UUID id = ApiException.pathId(merchantId, "Merchant");
        return Blocking.call(() -> accounts.setStatus(id, status).orElseThrow(() -> ApiException.notFound("Merchant")))
                .map(Envelope::of);
    }
}
