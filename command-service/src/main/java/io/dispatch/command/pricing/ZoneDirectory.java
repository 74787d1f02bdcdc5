package io.dispatch.command.pricing;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.index.strtree.STRtree;

/** An immutable spatial index of zones: which zone contains a point, first by priority. */
public final class ZoneDirectory {

    private static final GeometryFactory GEOMETRY = new GeometryFactory();

    private final STRtree index = new STRtree();
    private final List<Zone> zones;

    public ZoneDirectory(List<Zone> zones) {
        this.zones = List.copyOf(zones);
        for (Zone zone : zones) {
            index.insert(zone.polygon().getEnvelopeInternal(), zone);
        }
        index.build();
    }

    public List<Zone> zones() {
        return zones;
    }

    public Optional<Zone> zoneAt(double lat, double lng) {
        Point point = GEOMETRY.createPoint(new Coordinate(lng, lat));
        @SuppressWarnings("unchecked")
        List<Zone> candidates = index.query(point.getEnvelopeInternal());
        return candidates.stream()
                .filter(zone -> zone.polygon().covers(point))
                .min(Comparator.comparingInt(Zone::priority).thenComparing(Zone::id));
    }
}
