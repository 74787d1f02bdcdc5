package io.dispatch.query.decision.web;

import io.dispatch.web.error.ApiException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** The query parameters of the operator's queue and figures, read strictly: anything else is a 422 naming the parameter. */
final class AdminFilters {

    private AdminFilters() {}

    /** {@code true}, {@code false}, or absent (null: both sides of the sandbox line). */
    static Boolean sandbox(String raw) {
        if (raw == null) {
            return null;
        }
        return switch (raw) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.validation("sandbox", "must be true or false");
        };
    }

    /** A zone id as PUT /zones/:zoneId takes it; absent or empty: any zone. */
    static String zoneId(String raw) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        if (raw.length() > 100 || raw.chars().anyMatch(Character::isISOControl)) {
            throw ApiException.validation("zoneId", "must be a zone id of at most 100 characters");
        }
        return raw;
    }

    /** An ISO 8601 date-time with an offset ({@code 2026-11-27T10:00:00Z}); absent: null. */
    static Instant instant(String raw, String field) {
        if (raw == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(raw).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiException.validation(
                    field, "must be an ISO 8601 date-time with an offset, e.g. 2026-11-27T10:00:00Z");
        }
    }
}
