package io.dispatch.command.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/** Which zone prices a pickup: the one that covers it, the lowest priority number where zones overlap. */
class ZoneDirectoryTest {

    private static final PricingSchedule SCHEDULE = new PricingSchedule(10_000, 5_000, 20_000, 1.3, 18, 1800, 3600);

    /** WKT is x y, that is longitude then latitude. */
    private static Zone zone(String id, int priority, String wkt) {
        try {
            return new Zone(id, id, priority, (Polygon) new WKTReader().read(wkt), SCHEDULE);
        } catch (ParseException e) {
            throw new IllegalArgumentException(wkt, e);
        }
    }

    /** Longitude 36.0 to 37.0, latitude -2.0 to -1.0. */
    private static final Zone CITY = zone("city", 10, "POLYGON((36 -2, 37 -2, 37 -1, 36 -1, 36 -2))");

    /** Longitude 36.4 to 36.6, latitude -1.6 to -1.4, inside the city. */
    private static final Zone CENTRE =
            zone("centre", 1, "POLYGON((36.4 -1.6, 36.6 -1.6, 36.6 -1.4, 36.4 -1.4, 36.4 -1.6))");

    private static Optional<String> zoneIdAt(ZoneDirectory zones, double lat, double lng) {
        return zones.zoneAt(lat, lng).map(Zone::id);
    }

    @Test
    void a_point_is_in_the_zone_that_covers_it_read_as_latitude_then_longitude() {
        ZoneDirectory zones = new ZoneDirectory(List.of(CITY));

        assertThat(zoneIdAt(zones, -1.2, 36.8)).contains("city");
        assertThat(zoneIdAt(zones, 36.8, -1.2)).isEmpty();
        assertThat(zoneIdAt(zones, -3.0, 36.8)).isEmpty();
    }

    @Test
    void a_point_on_the_border_belongs_to_the_zone() {
        assertThat(zoneIdAt(new ZoneDirectory(List.of(CITY)), -1.0, 36.5)).contains("city");
    }

    @Test
    void where_zones_overlap_the_lowest_priority_number_wins_whatever_the_order_given() {
        assertThat(zoneIdAt(new ZoneDirectory(List.of(CITY, CENTRE)), -1.5, 36.5))
                .contains("centre");
        assertThat(zoneIdAt(new ZoneDirectory(List.of(CENTRE, CITY)), -1.5, 36.5))
                .contains("centre");
        assertThat(zoneIdAt(new ZoneDirectory(List.of(CITY, CENTRE)), -1.2, 36.8))
                .contains("city");
    }

    @Test
    void between_zones_of_equal_priority_the_first_id_wins() {
        Zone east = zone("east", 5, "POLYGON((36 -2, 37 -2, 37 -1, 36 -1, 36 -2))");
        Zone west = zone("west", 5, "POLYGON((36 -2, 37 -2, 37 -1, 36 -1, 36 -2))");

        assertThat(zoneIdAt(new ZoneDirectory(List.of(west, east)), -1.5, 36.5)).contains("east");
    }

    @Test
    void no_zones_price_nothing() {
        assertThat(new ZoneDirectory(List.of()).zoneAt(-1.5, 36.5)).isEmpty();
    }
}
