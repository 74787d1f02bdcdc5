package io.dispatch.web.keyed;

import io.dispatch.web.security.Routes;
import java.util.List;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The rider's routes that honour an Idempotency-Key: part of the rider API's contract, so it is
 * here, where the OpenAPI documents show it (each such operation takes the header), and the
 * idempotency module's filter enforces it (docs/adr/0048, docs/adr/0055).
 */
public final class KeyedRoutes {

    /** The rider's steps that honour an Idempotency-Key (POST); the position report and uploads do not. */
    public static final List<String> RIDER_ACTIONS = List.of(
            "/api/v1/rider/dispatches/*/accept",
            "/api/v1/rider/dispatches/*/pickup",
            "/api/v1/rider/dispatches/*/depart",
            "/api/v1/rider/dispatches/*/deliver",
            "/api/v1/rider/dispatches/*/fail",
            "/api/v1/rider/dispatches/*/decline",
            "/api/v1/rider/offers/*/accept",
            "/api/v1/rider/offers/*/decline",
            "/api/v1/rider/shift");

    /** {@link #RIDER_ACTIONS} as patterns, to match a request's path. */
    public static final List<PathPattern> RIDER =
            RIDER_ACTIONS.stream().map(Routes::pattern).toList();

    private KeyedRoutes() {}

    /** Whether a route of the rider API (a path of the OpenAPI document, e.g. {@code /api/v1/rider/dispatches/{id}/pickup}) honours a key. */
    public static boolean riderAction(String path) {
        PathContainer container = PathContainer.parsePath(path);
        return RIDER.stream().anyMatch(pattern -> pattern.matches(container));
    }
}
