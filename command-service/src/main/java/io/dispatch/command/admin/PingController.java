package io.dispatch.command.admin;

import io.dispatch.web.Envelope;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.MerchantPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** POST /ping: verifies the key and marks the integration connected (first ping time is kept). */
@Tag(name = "Integration", description = "Check a key and mark the integration connected")
@RestController
public class PingController {

  private final MerchantAccounts accounts;

  public PingController(MerchantAccounts accounts) {
    this.accounts = accounts;
  }

  public record Ping(UUID merchantId, String keyId, boolean connected, Instant connectedAt) {}

  @Operation(summary = "Verify the API key and mark the integration connected", description = """
      Answers {merchantId, keyId, connected: true, connectedAt}; connectedAt is the first successful ping \
      and stays fixed. Works with a read or a write key.""")
  @PostMapping(path = "/api/v1/external/ping", produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<Envelope> ping(MerchantPrincipal merchant) {
    return Mono.fromCallable(() -> accounts.markConnected(merchant.merchantId()))
        .subscribeOn(Schedulers.boundedElastic())
        .map(connectedAt -> Envelope.of(new Ping(merchant.merchantId(), merchant.keyId(), true, connectedAt)));
  }
}
