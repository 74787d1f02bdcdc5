package io.dispatch.command.pricing.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.web.FieldErrors;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Polygon;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class GeoJsonPolygonsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static FieldErrors errorsOf(String geoJson) {
        FieldErrors errors = new FieldErrors();
        GeoJsonPolygons.parse(JSON.readTree(geoJson), "polygon", errors);
        return errors;
    }

    @Test
    void a_polygon_with_a_hole_round_trips_in_lng_lat_order() {
        String square = """
        {"type":"Polygon","coordinates":[
          [[36.80,-1.30],[36.84,-1.30],[36.84,-1.26],[36.80,-1.26],[36.80,-1.30]],
          [[36.81,-1.29],[36.82,-1.29],[36.82,-1.28],[36.81,-1.28],[36.81,-1.29]]]}""";
        FieldErrors errors = new FieldErrors();
        Polygon polygon = GeoJsonPolygons.parse(JSON.readTree(square), "polygon", errors);
        assertThat(errors.isEmpty()).isTrue();
        assertThat(polygon.getNumInteriorRing()).isEqualTo(1);
        assertThat(polygon.getExteriorRing().getCoordinateN(1).x).isEqualTo(36.84);
        JsonNode written = JSON.readTree(GeoJsonPolygons.write(polygon).toString());
        assertThat(written).isEqualTo(JSON.readTree(square));
    }

    @Test
    void every_kind_of_bad_polygon_is_named() {
        assertThat(errorsOf("{\"type\":\"Point\",\"coordinates\":[1,2]}").has("polygon"))
                .isTrue();
        assertThat(errorsOf("{\"type\":\"Polygon\"}").has("polygon.coordinates"))
                .isTrue();
        assertThat(errorsOf("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[0,0]]]}")
                        .has("polygon.coordinates[0]"))
                .isTrue();
        assertThat(errorsOf("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,2]]]}")
                        .has("polygon.coordinates[0]"))
                .as("not closed")
                .isTrue();
        assertThat(errorsOf("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[200,0],[1,1],[0,0]]]}")
                        .has("polygon.coordinates[0][1]"))
                .isTrue();
        assertThat(errorsOf("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}")
                        .has("polygon"))
                .as("self-intersecting")
                .isTrue();
    }
}
