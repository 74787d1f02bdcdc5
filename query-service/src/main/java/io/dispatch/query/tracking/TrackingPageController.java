package io.dispatch.query.tracking;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The customer's tracking page: one self-contained HTML file (no build step, no CDN) that reads
 * the tracking JSON and follows the stream, reconnecting after a network drop. The token stays
 * in the URL; the page itself is the same for everyone.
 */
@Tag(name = "Tracking")
@RestController
public class TrackingPageController {

  private static final byte[] PAGE = load();

  @Operation(summary = "The customer's tracking page (HTML)")
  @GetMapping(path = "/track/{token}", produces = MediaType.TEXT_HTML_VALUE)
  public ResponseEntity<byte[]> page(@PathVariable String token) {
    return ResponseEntity.ok()
        .contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
        .cacheControl(CacheControl.noCache())
        .header("Referrer-Policy", "no-referrer")
        .header("Content-Security-Policy",
            "default-src 'self'; script-src 'unsafe-inline' 'self'; style-src 'unsafe-inline'; img-src 'self' data:")
        .body(PAGE);
  }

  private static byte[] load() {
    try (InputStream in = TrackingPageController.class.getResourceAsStream("track.html")) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
