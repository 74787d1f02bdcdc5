package io.dispatch.idempotency;

import java.util.Optional;
import java.util.UUID;
import org.springframework.web.server.ServerWebExchange;

/**
 * The Idempotency-Key a request holds while its handler runs, with the fingerprint of the request.
 * A handler whose write must never happen twice for one key (a creation) stores the key in the
 * same transaction as the write: a crash between the write and the stored answer then cannot make
 * a retry write again.
 */
public record IdempotentRequest(UUID merchantId, String key, byte[] fingerprint) {

    static final String ATTRIBUTE = IdempotentRequest.class.getName();

    public static Optional<IdempotentRequest> of(ServerWebExchange exchange) {
        return Optional.ofNullable(exchange.getAttribute(ATTRIBUTE));
    }
}
