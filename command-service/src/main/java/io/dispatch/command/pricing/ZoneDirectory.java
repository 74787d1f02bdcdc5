package io.dispatch.command.pricing;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * An immutable spatial index of zones: which zone contains a point, first by priority. Each polygon is prepared once
 * (JTS's {@link PreparedGeometry}: an indexed point-in-area test), since every create asks for its pickup's zone; a
 * plain {@code Polygon.covers} builds a full topology graph each time.
 */
public final class ZoneDirectory {

    private record Entry(Zone zone, PreparedGeometry area) {}

    private static final GeometryFactory GEOMETRY = new GeometryFactory();

    private final STRtree index = new STRtree();
    private final List<Zone> zones;

    public ZoneDirectory(List<Zone> zones) {
        this.zones = List.copyOf(zones);
        for (Zone zone : zones) {
            index.insert(
                    zone.polygon().getEnvelopeInternal(),
                    new Entry(zone, PreparedGeometryFactory.prepare(zone.polygon())));
        }
        index.build();
    }

    public List<Zone> zones() {
        return zones;
    }

    public Optional<Zone> zoneAt(double lat, double lng) {
        Point point = GEOMETRY.createPoint(new Coordinate(lng, lat));
        @SuppressWarnings("unchecked")
        List<Entry> candidates = index.query(point.getEnvelopeInternal());
        return candidates.stream()
                .filter(entry -> entry.area().covers(point))
                .map(Entry::zone)
                .min(Comparator.comparingInt(Zone::priority).thenComparing(Zone::id));
    }
}
