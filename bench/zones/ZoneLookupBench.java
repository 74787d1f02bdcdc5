import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.io.WKTReader;

/**
 * The point-in-zone test every create makes for its pickup (command-service's ZoneDirectory): JTS's plain {@code
 * Polygon.covers}, the baseline, against a prepared polygon's, on nairobi-cbd's polygon (V2__pricing.sql) and 1,000
 * random points around it; five rounds of 200,000 calls each way, alternating, with the answers compared.
 * Usage: java -cp jts-core-1.20.0.jar bench/zones/ZoneLookupBench.java
 */
public class ZoneLookupBench {

    public static void main(String[] args) throws Exception {
        Geometry zone = new WKTReader()
                .read("POLYGON ((36.8140 -1.2760, 36.8260 -1.2745, 36.8320 -1.2820, 36.8290 -1.2920,"
                        + " 36.8150 -1.2935, 36.8105 -1.2850, 36.8140 -1.2760))");
        PreparedGeometry prepared = PreparedGeometryFactory.prepare(zone);
        GeometryFactory geometry = new GeometryFactory();
        java.util.Random random = new java.util.Random(1);
        Point[] points = new Point[1_000];
        for (int i = 0; i < points.length; i++) {
            points[i] = geometry.createPoint(
                    new Coordinate(36.81 + random.nextDouble() * 0.025, -1.295 + random.nextDouble() * 0.022));
        }
        int repeats = 200;
        for (int round = 1; round <= 5; round++) {
            long start = System.nanoTime();
            int plainInside = 0;
            for (int k = 0; k < repeats; k++) {
                for (Point point : points) {
                    plainInside += zone.covers(point) ? 1 : 0;
                }
            }
            long plain = System.nanoTime() - start;
            start = System.nanoTime();
            int preparedInside = 0;
            for (int k = 0; k < repeats; k++) {
                for (Point point : points) {
                    preparedInside += prepared.covers(point) ? 1 : 0;
                }
            }
            long fast = System.nanoTime() - start;
            double calls = repeats * (double) points.length;
            System.out.printf(
                    "round %d: Polygon.covers %.0f ns a call, prepared %.0f ns a call, same answers: %b%n",
                    round, plain / calls, fast / calls, plainInside == preparedInside);
        }
    }
}
