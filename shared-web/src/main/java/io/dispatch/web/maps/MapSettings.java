package io.dispatch.web.maps;

import io.dispatch.web.startup.InvalidSetting;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import org.springframework.web.util.HtmlUtils;

/**
 * Where the map pages (the customer's tracking page, the dashboard) take their tiles from:
 * {@code dispatch.maps.tile-url}, a Leaflet URL template with {@code {z}}, {@code {x}} and
 * {@code {y}} (and {@code {s}} as the first label of the host for subdomains), and
 * {@code dispatch.maps.attribution}, the HTML credit the tile server asks for. Empty tile URL:
 * no tiles, the pages draw the trail and pins themselves (as when no tile server answers).
 *
 * <p>Read from the environment on every page, so a changed property source reaches the next
 * page without a restart. A malformed URL stops the start, naming the setting; one that turns
 * malformed later gives the pages no tiles.
 */
@Component
public class MapSettings {

    public static final String TILE_URL = "dispatch.maps.tile-url";
    public static final String ATTRIBUTION = "dispatch.maps.attribution";
    /** OpenStreetMap's own servers: fine for a trial, not for production (ADR 0023, their tile usage policy). */
    public static final String OPENSTREETMAP_TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

    public static final String OPENSTREETMAP_ATTRIBUTION =
            "&copy; <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> contributors";

    /** No quotes, spaces, semicolons or commas: the origin goes into a Content-Security-Policy header. */
    private static final Pattern TEMPLATE = Pattern.compile(
            "^(https?)://((?:\\{s}\\.)?[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+])(:\\d{1,5})?/[^\\s\"'<>;,\\\\]*$");

    private final Environment environment;

    public MapSettings(Environment environment) {
        this.environment = environment;
        tiles(tileUrl(), attribution());
    }

    /** The tiles as the settings say now. */
    public Tiles current() {
        try {
            return tiles(tileUrl(), attribution());
        } catch (InvalidSetting malformed) {
            return new Tiles("", "", null);
        }
    }

    private String tileUrl() {
        return environment.getProperty(TILE_URL, OPENSTREETMAP_TILES).strip();
    }

    private String attribution() {
        return environment.getProperty(ATTRIBUTION, OPENSTREETMAP_ATTRIBUTION).strip();
    }

    static Tiles tiles(String url, String attribution) {
        if (url.isEmpty()) {
            return new Tiles("", attribution, null);
        }
        Matcher template = TEMPLATE.matcher(url);
        if (!template.matches() || !url.contains("{z}") || !url.contains("{x}") || !url.contains("{y}")) {
            throw new InvalidSetting(
                    TILE_URL,
                    "must be an http(s) URL template with {z}, {x} and {y}, such as " + OPENSTREETMAP_TILES
                            + ", or empty for the pages' own drawing without tiles");
        }
        String host = template.group(2).replace("{s}", "*");
        String port = template.group(3) == null ? "" : template.group(3);
        return new Tiles(url, attribution, template.group(1) + "://" + host + port);
    }

    /**
     * The tiles a page shows.
     *
     * @param url the URL template; empty for none
     * @param attribution HTML, shown on the map as it is (the operator's text, not a customer's)
     * @param origin where the tiles come from, as a Content-Security-Policy source; null for none
     */
    public record Tiles(String url, String attribution, String origin) {

        /** {@code data-tile-url} and {@code data-attribution}, for the element the map script fills. */
        public String htmlAttributes() {
            return "data-tile-url=\"" + HtmlUtils.htmlEscape(url) + "\" data-attribution=\""
                    + HtmlUtils.htmlEscape(attribution) + "\"";
        }

        /** The {@code img-src} of a map page's Content-Security-Policy: ours, inline images, the tiles. */
        public String imageSources() {
            return "'self' data:" + (origin == null ? "" : " " + origin);
        }
    }
}
