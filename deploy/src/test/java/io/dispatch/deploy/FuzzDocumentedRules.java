package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.FuzzOracle.Verdict;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What the prose of docs/ and decisions.md adds to the OpenAPI schema of a named object: a stop's
 * lat and lng together, a delivery not due before its pickup, a location fix at most 5 minutes
 * ahead and 24 hours back, a detail with reason OTHER, the proof's URL or PIN by its type, a zone's polygon,
 * a webhook recovery range (since not after until, at most 7 days), a what-if's day and its modes.
 */
final class FuzzDocumentedRules {

    private FuzzDocumentedRules() {}

    /** What the prose of the documents adds to the schema of a named object. */
    static Verdict check(String name, JsonNode value) {
        switch (name) {
            case "Stop", "StopRequest" -> {
                if (present(value, "lat") != present(value, "lng")) {
                    return Verdict.INVALID;
                }
            }
            case "DispatchOrder" -> {
                String pickup = value.path("targetPickupAt").asText(null);
                String delivery = value.path("targetDeliveryAt").asText(null);
                if (pickup != null
                        && delivery != null
                        && FuzzOracle.timestamp(pickup)
                        && FuzzOracle.timestamp(delivery)
                        && OffsetDateTime.parse(delivery)
                                .toInstant()
                                .isBefore(OffsetDateTime.parse(pickup).toInstant())) {
                    return Verdict.INVALID;
                }
            }
            case "DefaultPricing" -> {
                // targetDeliverySeconds not below targetPickupSeconds (operator docs); an absent target keeps the
                // stored one, which an earlier request of the run may have set: then either answer can be right
                boolean pickup = present(value, "targetPickupSeconds");
                boolean delivery = present(value, "targetDeliverySeconds");
                if (pickup
                        && delivery
                        && value.get("targetDeliverySeconds").isNumber()
                        && value.get("targetPickupSeconds").isNumber()
                        && value.get("targetDeliverySeconds").asLong()
                                < value.get("targetPickupSeconds").asLong()) {
                    return Verdict.INVALID;
                }
                if (pickup != delivery) {
                    return Verdict.UNKNOWN;
                }
            }
            case "DispatchPolicyRequest" -> {
                // offerTimeout: an ISO 8601 duration from PT5S to PT10M (operator docs)
                String timeout = value.path("offerTimeout").asText(null);
                if (timeout != null) {
                    try {
                        java.time.Duration parsed = java.time.Duration.parse(timeout);
                        if (parsed.compareTo(java.time.Duration.ofSeconds(5)) < 0
                                || parsed.compareTo(java.time.Duration.ofMinutes(10)) > 0) {
                            return Verdict.INVALID;
                        }
                    } catch (java.time.format.DateTimeParseException e) {
                        return Verdict.INVALID;
                    }
                }
            }
            case "ZoneRequest" -> {
                return polygon(value.get("polygon"));
            }
            case "LocationReport" -> {
                // "at most 5 minutes ahead" of the server's clock (rider docs); a minute of slack for the run
                String at = value.path("timestamp").asText(null);
                if (at != null && FuzzOracle.timestamp(at)) {
                    java.time.Instant when = OffsetDateTime.parse(at).toInstant();
                    java.time.Instant now = java.time.Instant.now();
                    if (when.isAfter(now.plusSeconds(360))) {
                        return Verdict.INVALID;
                    }
                    if (when.isAfter(now.plusSeconds(240))) {
                        return Verdict.UNKNOWN;
                    }
                    // and at most 24 hours back (rider docs), with the same slack
                    if (when.isBefore(now.minusSeconds(24 * 3600 + 60))) {
                        return Verdict.INVALID;
                    }
                    if (when.isBefore(now.minusSeconds(24 * 3600 - 60))) {
                        return Verdict.UNKNOWN;
                    }
                }
            }
            case "RecoverWebhooksRequest" -> {
                // docs/webhooks.md: until defaults to now; since after until, or more than 7 days before it, is refused
                String since = value.path("since").asText(null);
                String until = value.path("until").asText(null);
                if (since != null && FuzzOracle.timestamp(since) && (until == null || FuzzOracle.timestamp(until))) {
                    java.time.Instant from = OffsetDateTime.parse(since).toInstant();
                    java.time.Instant now = java.time.Instant.now();
                    java.time.Instant to =
                            until == null ? now : OffsetDateTime.parse(until).toInstant();
                    if (until == null
                            && Math.abs(java.time.Duration.between(from, now).toSeconds()) < 60) {
                        return Verdict.UNKNOWN; // at the run's own now, either answer is right
                    }
                    if (from.isAfter(to)
                            || java.time.Duration.between(from, to).compareTo(java.time.Duration.ofDays(7)) > 0) {
                        return Verdict.INVALID;
                    }
                }
            }
            case "FailRequest" -> {
                if ("OTHER".equals(value.path("reasonCode").asText(null)) && !present(value, "detail")) {
                    return Verdict.INVALID;
                }
            }
            case "ProofOfDeliveryInput" -> {
                String needed = switch (value.path("type").asText("")) {
                    case "PHOTO" -> "photoUrl";
                    case "SIGNATURE" -> "signatureUrl";
                    case "PIN" -> "pin";
                    default -> null;
                };
                if (needed != null && !present(value, needed)) {
                    return Verdict.INVALID;
                }
            }
            case "WhatIfRequest" -> {
                return whatIf(value);
            }
            default -> {}
        }
        return Verdict.VALID;
    }

    /**
     * A what-if's day is a date that exists, from 2000-01-01 to today (UTC), and each mode is asked for once
     * (operator docs). Tomorrow is UNKNOWN: the day may turn while the run goes on.
     */
    private static Verdict whatIf(JsonNode value) {
        JsonNode modes = value.get("modes");
        if (modes != null && modes.isArray()) {
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (JsonNode mode : modes) {
                if (mode.isTextual() && !seen.add(mode.textValue())) {
                    return Verdict.INVALID;
                }
            }
        }
        JsonNode day = value.get("day");
        if (day == null || !day.isTextual()) {
            return Verdict.VALID; // the schema's type and required-ness decide
        }
        java.time.LocalDate date;
        try {
            date = java.time.LocalDate.parse(day.textValue());
        } catch (java.time.format.DateTimeParseException e) {
            return Verdict.INVALID;
        }
        java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.UTC);
        if (date.isBefore(java.time.LocalDate.of(2000, 1, 1)) || date.isAfter(today.plusDays(1))) {
            return Verdict.INVALID;
        }
        return date.isAfter(today) ? Verdict.UNKNOWN : Verdict.VALID;
    }

    /**
     * A GeoJSON Polygon of closed rings (operator docs). Only what is plainly broken is INVALID:
     * not an object of type Polygon, a ring of fewer than 4 positions, a ring not closed, a
     * position that is not two numbers, and (JTS's validity check, the OGC rule) a ring that
     * crosses itself. Other topology faults (a hole outside its shell) are not documented: UNKNOWN.
     */
    private static Verdict polygon(JsonNode polygon) {
        if (polygon == null || polygon.isNull()) {
            return Verdict.VALID; // required-ness is checked by the schema
        }
        if (!polygon.isObject()
                || !"Polygon".equals(polygon.path("type").asText())
                || !polygon.path("coordinates").isArray()
                || polygon.get("coordinates").isEmpty()) {
            return Verdict.INVALID;
        }
        for (JsonNode ring : polygon.get("coordinates")) {
            if (!ring.isArray() || ring.size() < 4 || !ring.get(0).equals(ring.get(ring.size() - 1))) {
                return Verdict.INVALID;
            }
            for (JsonNode position : ring) {
                if (!position.isArray()
                        || position.size() < 2
                        || !position.get(0).isNumber()
                        || !position.get(1).isNumber()) {
                    return Verdict.INVALID;
                }
            }
        }
        return topology(polygon.get("coordinates"));
    }

    private static Verdict topology(JsonNode rings) {
        var geometry = new org.locationtech.jts.geom.GeometryFactory();
        List<org.locationtech.jts.geom.LinearRing> built = new ArrayList<>();
        for (JsonNode ring : rings) {
            List<org.locationtech.jts.geom.Coordinate> positions = new ArrayList<>();
            ring.forEach(p -> positions.add(new org.locationtech.jts.geom.Coordinate(
                    p.get(0).asDouble(), p.get(1).asDouble())));
            built.add(geometry.createLinearRing(positions.toArray(org.locationtech.jts.geom.Coordinate[]::new)));
        }
        var polygon = geometry.createPolygon(
                built.getFirst(), built.subList(1, built.size()).toArray(org.locationtech.jts.geom.LinearRing[]::new));
        var error = new org.locationtech.jts.operation.valid.IsValidOp(polygon).getValidationError();
        if (error == null) {
            return Verdict.VALID;
        }
        int type = error.getErrorType();
        return type == org.locationtech.jts.operation.valid.TopologyValidationError.SELF_INTERSECTION
                        || type == org.locationtech.jts.operation.valid.TopologyValidationError.RING_SELF_INTERSECTION
                ? Verdict.INVALID
                : Verdict.UNKNOWN;
    }

    private static boolean present(JsonNode object, String field) {
        JsonNode value = object.get(field);
        return value != null && !value.isNull();
    }
}
