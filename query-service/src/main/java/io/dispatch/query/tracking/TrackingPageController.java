package io.dispatch.query.tracking;

import io.dispatch.web.maps.MapSettings;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The customer's tracking page: one HTML file (no build step, no CDN) that reads the tracking
 * JSON and follows the stream, reconnecting after a network drop, with the map of
 * {@code /assets/dispatch-map.js} on Leaflet from its WebJar. The token stays in the URL; the
 * page is the same for everyone but for the tile server of the settings ({@link MapSettings}).
 */
@Tag(name = "Tracking")
@RestController
public class TrackingPageController {

    private static final String PAGE = load();
    private static final String MAP_SETTINGS = "__MAP_SETTINGS__";

    private final MapSettings maps;

    public TrackingPageController(MapSettings maps) {
        this.maps = maps;
    }

    @Operation(summary = "The customer's tracking page (HTML)")
    @GetMapping(path = "/track/{token}", produces = MediaType.TEXT_HTML_VALUE)
    public ResponseEntity<byte[]> page(@PathVariable String token) {
        MapSettings.Tiles tiles = maps.current();
        return ResponseEntity.ok()
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noCache())
                .header("Referrer-Policy", "no-referrer")
                // scripts and styles only from us; images also from the tile server
                .header(
                        "Content-Security-Policy",
                        "default-src 'self'; script-src 'unsafe-inline' 'self'; "
                                + "style-src 'self' 'unsafe-inline'; img-src " + tiles.imageSources())
                .body(PAGE.replace(MAP_SETTINGS, tiles.htmlAttributes()).getBytes(StandardCharsets.UTF_8));
    }

    private static String load() {
        try (InputStream in = TrackingPageController.class.getResourceAsStream("track.html")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
