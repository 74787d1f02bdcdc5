package io.dispatch.command.pricing.admin;

import io.dispatch.command.web.FieldErrors;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.operation.valid.IsValidOp;
import org.locationtech.jts.operation.valid.TopologyValidationError;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * GeoJSON Polygons (RFC 7946: [lng, lat] positions, closed rings, the first ring the outer
 * boundary, any others holes) to and from JTS. Every problem is reported under the position's
 * own name, e.g. {@code polygon.coordinates[0][3]}; JTS judges the geometry (self-intersections,
 * holes outside the shell).
 */
public final class GeoJsonPolygons {

    private static final GeometryFactory GEOMETRY = new GeometryFactory();

    private GeoJsonPolygons() {}

    /** Null when {@code errors} received a message. */
    public static Polygon parse(JsonNode node, String field, FieldErrors errors) {
        if (node == null || node.isNull()) {
            errors.add(field, "is required: a GeoJSON Polygon {type: \"Polygon\", coordinates: [[[lng, lat], ...]]}");
            return null;
        }
        if (!node.isObject()
                || !node.path("type").isString()
                || !"Polygon".equals(node.path("type").stringValue())) {
            errors.add(field, "must be a GeoJSON object with type \"Polygon\"");
            return null;
        }
        JsonNode rings = node.get("coordinates");
        if (rings == null || !rings.isArray() || rings.isEmpty()) {
            errors.add(field + ".coordinates", "must be an array of linear rings, the outer boundary first");
            return null;
        }
        int before = errors.count();
        List<LinearRing> parsed = new ArrayList<>();
        for (int r = 0; r < rings.size(); r++) {
            LinearRing ring = ring(rings.get(r), field + ".coordinates[" + r + "]", errors);
            if (ring != null) {
                parsed.add(ring);
            }
        }
        if (errors.count() != before) {
            return null;
        }
        Polygon polygon = GEOMETRY.createPolygon(
                parsed.get(0), parsed.subList(1, parsed.size()).toArray(LinearRing[]::new));
        TopologyValidationError invalid = new IsValidOp(polygon).getValidationError();
        if (invalid != null) {
            errors.add(
                    field,
                    "is not a valid polygon: " + invalid.getMessage() + " near [" + invalid.getCoordinate().x + ", "
                            + invalid.getCoordinate().y + "]");
            return null;
        }
        return polygon;
    }

    private static LinearRing ring(JsonNode node, String field, FieldErrors errors) {
        if (node == null || !node.isArray() || node.size() < 4) {
            errors.add(field, "must be a closed ring of at least 4 [lng, lat] positions (the last equal to the first)");
            return null;
        }
        Coordinate[] coordinates = new Coordinate[node.size()];
        boolean clean = true;
        for (int i = 0; i < node.size(); i++) {
            JsonNode position = node.get(i);
            if (!position.isArray()
                    || position.size() < 2
                    || !position.get(0).isNumber()
                    || !position.get(1).isNumber()
                    || Math.abs(position.get(0).doubleValue()) > 180
                    || Math.abs(position.get(1).doubleValue()) > 90) {
                errors.add(field + "[" + i + "]", "must be [lng, lat] with lng in [-180, 180] and lat in [-90, 90]");
                clean = false;
                continue;
            }
            coordinates[i] = new Coordinate(
                    position.get(0).doubleValue(), position.get(1).doubleValue());
        }
        if (!clean) {
            return null;
        }
        if (!coordinates[0].equals2D(coordinates[coordinates.length - 1])) {
            errors.add(field, "must be closed: the last position must equal the first");
            return null;
        }
        return GEOMETRY.createLinearRing(coordinates);
    }

    public static ObjectNode write(Polygon polygon) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("type", "Polygon");
        ArrayNode rings = node.putArray("coordinates");
        rings.add(ring(polygon.getExteriorRing().getCoordinates()));
        for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
            rings.add(ring(polygon.getInteriorRingN(i).getCoordinates()));
        }
        return node;
    }

    private static ArrayNode ring(Coordinate[] coordinates) {
        ArrayNode ring = JsonNodeFactory.instance.arrayNode();
        for (Coordinate c : coordinates) {
            ring.addArray().add(c.x).add(c.y);
        }
        return ring;
    }
}
