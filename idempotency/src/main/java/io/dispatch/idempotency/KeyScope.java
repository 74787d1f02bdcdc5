package io.dispatch.idempotency;

import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.keyed.KeyedRoutes;
import io.dispatch.web.security.Routes;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.springframework.http.HttpMethod;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;

/**
 * Whose Idempotency-Keys a request's key is one of:
 *
 * <ul>
 *   <li>a merchant's, required under /api/v1/external/dispatches (decisions.md §1), honoured when
 *       sent on POST /api/v1/external/webhooks/recover (§9);
 *   <li>a rider's, honoured when sent on the rider's steps ({@link KeyedRoutes#RIDER_ACTIONS}): the rider app
 *       sends each action taken offline with the key made when the rider tapped, so that sending
 *       it again after a lost answer replays the first answer instead of a 409 (docs/adr/0048).
 * </ul>
 *
 * <p>Both live in one table keyed by (scope id, key): a rider's scope id is a name-based (version
 * 3) UUID of {@code "rider:<id>"}, which can never equal a merchant's random (version 4) id, so a
 * rider's key and a merchant's never meet.
 *
 * @param id the scope's id in {@code idempotency.idempotency_keys.merchant_id}
 * @param merchant whether it is a merchant's (whose handlers may read {@link IdempotentRequest})
 */
public record KeyScope(UUID id, boolean merchant) {

    private static final PathPattern DISPATCHES = Routes.pattern(Routes.DISPATCHES);
    private static final PathPattern RECOVER = Routes.pattern(Routes.WEBHOOK_RECOVER);

    /** The scope of the request's key, or null when the filter leaves the request alone. */
    static KeyScope of(ServerWebExchange exchange) {
        boolean keySent = exchange.getRequest().getHeaders().containsHeader(IdempotencyKeyHeader.NAME);
        MerchantPrincipal merchant = exchange.getAttribute(MerchantPrincipal.ATTRIBUTE);
        if (merchant != null) {
            if (Routes.matches(DISPATCHES, exchange)) {
                return new KeyScope(merchant.merchantId(), true);
            }
            return keySent && Routes.matches(RECOVER, exchange) ? new KeyScope(merchant.merchantId(), true) : null;
        }
        RiderPrincipal rider = exchange.getAttribute(RiderPrincipal.ATTRIBUTE);
        if (rider != null
                && keySent
                && HttpMethod.POST.equals(exchange.getRequest().getMethod())
                && Routes.matchesAny(KeyedRoutes.RIDER, exchange)) {
            return new KeyScope(ofRider(rider.riderId()), false);
        }
        return null;
    }

    /** The scope id of a rider's keys. */
    static UUID ofRider(UUID riderId) {
        return UUID.nameUUIDFromBytes(("rider:" + riderId).getBytes(StandardCharsets.UTF_8));
    }
}
