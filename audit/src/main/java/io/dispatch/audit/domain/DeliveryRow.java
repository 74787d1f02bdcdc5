package io.dispatch.audit.domain;

import java.time.Instant;

/**
 * A row of {@code query.dispatches} as stored: the column copies that lists filter and sort on,
 * and the folded view as JSON text ({@code body}).
 */
public record DeliveryRow(
        String merchantId,
        String status,
        String source,
        String trackingToken,
        Instant createdAt,
        Instant updatedAt,
        long lastSequence,
        Double pickupLat,
        Double pickupLng,
        String body) {}
