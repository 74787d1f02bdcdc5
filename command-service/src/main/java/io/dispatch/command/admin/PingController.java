package io.dispatch.command.admin;

import io.dispatch.web.Envelope;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** POST /ping: verifies the key and marks the integration connected (first ping time is kept). */
@Tag(name = "Integration", description = "Check a key and mark the integration connected")
@RestController
public class PingController {

    private final MerchantAccounts accounts;

    public PingController(MerchantAccounts accounts) {
        this.accounts = accounts;
    }

    @Schema(name = "Ping")
    public record Ping(
            @Schema(requiredMode = RequiredMode.REQUIRED) UUID merchantId,

            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The public half of the key, <key_id>")
            String keyId,

            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean connected,

            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The first successful ping; stays fixed")
            Instant connectedAt) {}

    /** For the OpenAPI document: the ping in the success envelope. */
    @Schema(name = "PingResponse")
    public record PingResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) Ping data) {}

    @Operation(
            operationId = "ping",
            summary = "Verify the API key and mark the integration connected",
            description = """
      Answers {merchantId, keyId, connected: true, connectedAt}; connectedAt is the first successful ping \
      and stays fixed. Works with a read or a write key.""")
    @ApiResponse(
            responseCode = "200",
            description = "The key works; the integration is connected",
            content = @Content(schema = @Schema(implementation = PingResponse.class)))
    @PostMapping(path = "/api/v1/external/ping", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> ping(MerchantPrincipal merchant) {
        return Blocking.call(() -> accounts.markConnected(merchant.merchantId()))
                .map(connectedAt -> Envelope.of(new Ping(merchant.merchantId(), merchant.keyId(), true, connectedAt)));
    }
}
