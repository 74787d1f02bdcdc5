package io.dispatch.web.maps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.web.startup.InvalidSetting;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class MapSettingsTest {

    @Test
    void without_settings_the_tiles_are_openstreetmaps_and_only_their_origin_may_serve_images() {
        MapSettings.Tiles tiles = new MapSettings(new StandardEnvironment()).current();

        assertThat(tiles.url()).isEqualTo("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
        assertThat(tiles.attribution()).contains("OpenStreetMap");
        assertThat(tiles.imageSources()).isEqualTo("'self' data: https://tile.openstreetmap.org");
    }

    @Test
    void subdomains_become_a_wildcard_and_a_port_stays_in_the_origin() {
        assertThat(MapSettings.tiles("https://{s}.tiles.example.com/v1/{z}/{x}/{y}.png?key=abc", "x")
                        .origin())
                .isEqualTo("https://*.tiles.example.com");
        assertThat(MapSettings.tiles("http://127.0.0.1:8088/{z}/{x}/{y}.png", "x")
                        .origin())
                .isEqualTo("http://127.0.0.1:8088");
    }

    @Test
    void an_empty_tile_url_means_no_tiles_and_no_other_origin() {
        MapSettings.Tiles tiles = MapSettings.tiles("", "credit");

        assertThat(tiles.origin()).isNull();
        assertThat(tiles.imageSources()).isEqualTo("'self' data:");
        assertThat(tiles.htmlAttributes()).isEqualTo("data-tile-url=\"\" data-attribution=\"credit\"");
    }

    @Test
    void a_template_without_its_placeholders_another_scheme_or_characters_that_break_a_header_is_refused() {
        for (String malformed : new String[] {
            "https://tile.example.com/{z}/{x}.png",
            "javascript:alert(1)//{z}{x}{y}",
            "ftp://tile.example.com/{z}/{x}/{y}.png",
            "https://tile.example.com/{z}/{x}/{y}.png; script-src *",
            "https://tile.example.com/{z}/{x}/{y}.png\" onload=\"x",
            "https://a.{s}.example.com/{z}/{x}/{y}.png"
        }) {
            assertThatThrownBy(() -> MapSettings.tiles(malformed, ""))
                    .as(malformed)
                    .isInstanceOf(InvalidSetting.class)
                    .hasMessageStartingWith("dispatch.maps.tile-url ");
        }
    }

    @Test
    void the_page_gets_the_settings_escaped_for_an_html_attribute() {
        String attributes = MapSettings.tiles(
                        "https://tile.example.com/{z}/{x}/{y}.png?a=1&b=2",
                        "&copy; <a href=\"https://example.com\">Example</a>")
                .htmlAttributes();

        assertThat(attributes)
                .isEqualTo(
                        "data-tile-url=\"https://tile.example.com/{z}/{x}/{y}.png?a=1&amp;b=2\" "
                                + "data-attribution=\"&amp;copy; &lt;a href=&quot;https://example.com&quot;&gt;Example&lt;/a&gt;\"");
    }

    @Test
    void a_changed_setting_reaches_the_next_page_and_a_malformed_one_stops_the_start() {
        StandardEnvironment environment = new StandardEnvironment();
        MapSettings settings = new MapSettings(environment);
        environment
                .getPropertySources()
                .addFirst(new MapPropertySource(
                        "refreshed", Map.of("dispatch.maps.tile-url", "https://tiles.example.com/{z}/{x}/{y}.png")));

        assertThat(settings.current().origin()).isEqualTo("https://tiles.example.com");

        environment
                .getPropertySources()
                .addFirst(new MapPropertySource("broken", Map.of("dispatch.maps.tile-url", "nonsense")));
        assertThat(settings.current().url())
                .as("no tiles rather than a broken page")
                .isEmpty();
        assertThatThrownBy(() -> new MapSettings(environment)).isInstanceOf(InvalidSetting.class);
    }
}
