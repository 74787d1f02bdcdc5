package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.JSON;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The customer's tracking page in a real browser: headless Chromium on a phone-sized window
 * opens {@code /track/<token>} of the whole running service, shows NEW, and then, without a
 * reload, follows the rider's accept, moves, pick-up, departure and delivery as they happen.
 * Its map is Leaflet, served by us, on the configured tile server; with none reachable (the
 * tests' {@link #NO_TILE_SERVER}) the page draws the trail and pins itself. Screenshots of each
 * stage, at a phone's and a desktop's width, land in {@code target/screenshots/}.
 */
class TrackingPageBrowserTest {

    /** {@code dispatch.maps.tile-url} of the tests: nothing listens on port 1, the connection is refused. */
    static final String NO_TILE_SERVER = "http://127.0.0.1:1/{z}/{x}/{y}.png";

    private static final Duration LIVE = Duration.ofSeconds(10);
    /** Kisumu: away from the other tests' Nairobi and Mombasa deliveries and their riders' offers. */
    private static final double LAT = -0.0917;

    private static final double LNG = 34.7680;

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant merchant;

    @AutoClose
    private static final Chromium chromium = Chromium.phone();

    private static final ChromeDriver browser = chromium.driver();

    @BeforeAll
    static void start() throws Exception {
        System.out.println("Browser: " + Chromium.versions() + ", "
                + browser.getCapabilities().getBrowserVersion());
        merchant = dispatch.newMerchant("Tracking page");
    }

    @Test
    void the_page_shows_new_then_follows_the_rider_live_without_a_reload_until_delivered() throws Exception {
        JsonNode created = create("KSM-1042", "Milimani Rd 7, Kisumu");
        String id = created.get("id").asText();
        String pin = created.get("deliveryPin").asText();

        browser.get(dispatch.baseUrl + "/track/" + created.get("trackingToken").asText());
        await().atMost(LIVE).untilAsserted(() -> {
            assertThat(text("status")).isEqualTo("Order received");
            assertThat(shownStatus()).isEqualTo("NEW");
            assertThat(text("conn")).isEqualTo("Live");
        });
        assertThat(timeline()).containsExactly("NEW");
        assertThat(text("timeline")).startsWith("Order received");
        assertThat(text("pin")).isEqualTo(pin);
        assertThat(browser.findElement(By.id("pin-card")).isDisplayed()).isTrue();
        assertThat(text("ref")).isEqualTo("Order KSM-1042");
        assertThat(text("dropoff")).isEqualTo("Milimani Rd 7, Kisumu");
        assertThat(text("rider")).isEqualTo("No rider yet");
        // no tile server answers: the page draws the pickup and drop-off itself, and no rider yet
        await().atMost(LIVE).untilAsserted(() -> {
            assertThat(browser.findElement(By.id("map")).isDisplayed())
                    .as("the pins are known from the start")
                    .isTrue();
            assertThat(mapMode()).isEqualTo("drawing");
            assertThat(drawn("pickup")).isTrue();
            assertThat(drawn("dropoff")).isTrue();
        });
        assertThat(drawn("rider")).as("no rider before there is a position").isFalse();
        assertThat(browser.findElements(By.cssSelector("#map .leaflet-pane")))
                .as("Leaflet gave way to the drawing")
                .isEmpty();
        assertThat(browser.executeScript("return [window.innerWidth, document.documentElement.scrollWidth]"))
                .as("a phone-wide window and nothing wider than it")
                .isEqualTo(List.of((long) Chromium.PHONE_WIDTH, (long) Chromium.PHONE_WIDTH));
        screenshot("tracking-page-new.png");

        // Whatever follows must arrive through the open page: a reload would lose this.
        browser.executeScript("window.__marker = 42");
        Rider rider = dispatch.newRider("Otieno Browser");
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/accept", rider(rider), null, 200);
        await().atMost(LIVE).untilAsserted(() -> {
            assertThat(shownStatus()).isEqualTo("ASSIGNED");
            assertThat(text("status")).isEqualTo("Rider assigned");
            assertThat(text("rider")).isEqualTo("Otieno is your rider");
        });
        ride(rider);
        await().atMost(LIVE).untilAsserted(() -> {
            assertThat(drawn("rider")).isTrue();
            assertThat(browser.findElement(By.cssSelector("#map .dispatch-map-trail"))
                            .getDomAttribute("d"))
                    .matches("M[^L]+( L[^L]+){2,}");
        });
        assertThat(drawn("pickup")).isTrue();
        assertThat(drawn("dropoff")).isTrue();
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(rider), null, 200);
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/depart", rider(rider), null, 200);
        await().atMost(LIVE).untilAsserted(() -> {
            assertThat(shownStatus()).isEqualTo("IN_TRANSIT");
            assertThat(text("status")).isEqualTo("On the way");
            assertThat(timeline()).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT");
        });
        assertThat(text("timeline")).contains("Order received", "Rider assigned", "Parcel collected", "On the way");
        assertThat(text("conn")).isEqualTo("Live");
        assertThat(browser.executeScript("return window.__marker"))
                .as("no reload")
                .isEqualTo(42L);
        screenshot("tracking-page-in-transit.png");
        desktopScreenshot("tracking-page-in-transit-desktop.png");

        dispatch.deliverWithPin(rider, id, "Achieng", pin, 200);
        await().atMost(LIVE).untilAsserted(() -> {
            assertThat(shownStatus()).isEqualTo("DELIVERED");
            assertThat(text("status")).isEqualTo("Delivered");
            assertThat(timeline()).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED");
        });
        assertThat(text("conn")).as("the stream ended with the delivery").isEmpty();
        assertThat(browser.findElement(By.id("pin-card")).isDisplayed())
                .as("no PIN to give once delivered")
                .isFalse();
        assertThat(browser.executeScript("return window.__marker"))
                .as("no reload")
                .isEqualTo(42L);
        assertThat(browser.executeScript("return performance.getEntriesByType('navigation').length"))
                .isEqualTo(1L);
        screenshot("tracking-page-delivered.png");

        assertScreenshots(
                Chromium.PHONE_WIDTH,
                "tracking-page-new.png",
                "tracking-page-in-transit.png",
                "tracking-page-delivered.png");
        assertScreenshots(Chromium.DESKTOP_WIDTH, "tracking-page-in-transit-desktop.png");
    }

    @Test
    void the_tracking_json_has_the_pins_and_nothing_more_of_the_pickup() throws Exception {
        JsonNode located = track(
                create("KSM-2001", "Milimani Rd 9, Kisumu").get("trackingToken").asText());
        assertThat(located.get("pickup")).isEqualTo(JSON.readTree("{\"lat\":%s,\"lng\":%s}".formatted(LAT, LNG)));
        assertThat(located.get("dropoff"))
                .isEqualTo(JSON.readTree("{\"address\":\"Milimani Rd 9, Kisumu\",\"lat\":-0.1,\"lng\":34.755}"));
        assertThat(located.toString())
                .as("the pickup's address and notes are the merchant's")
                .doesNotContain("Oginga Odinga", "Gate B");

        JsonNode addressOnly =
                track(dispatch.call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), """
        {"customerName":"Wanjiru","customerPhone":"+254 700 000 032",
         "pickup":{"address":"Oginga Odinga St, Kisumu"},"dropoff":{"address":"Milimani Rd 11, Kisumu"},
         "paymentType":"PREPAID"}""", 201)
                        .data()
                        .get("trackingToken")
                        .asText());
        assertThat(addressOnly.has("pickup")).isTrue();
        assertThat(addressOnly.get("pickup").isNull())
                .as("no coordinates, no pickup pin")
                .isTrue();
        assertThat(addressOnly.get("dropoff"))
                .as("lat and lng left out")
                .isEqualTo(JSON.readTree("{\"address\":\"Milimani Rd 11, Kisumu\"}"));
    }

    @Test
    void the_page_loads_leaflet_and_its_map_script_from_us_and_images_only_from_the_tile_server() throws Exception {
        String token = create("KSM-3001", "Milimani Rd 13, Kisumu")
                .get("trackingToken")
                .asText();
        Answer page = dispatch.send("GET", "/track/" + token, Map.of(), null, null);
        String html = page.response().body();
        List<String> linked = Pattern.compile("(?:src|href)=\"([^\"]*)\"")
                .matcher(html)
                .results()
                .map(match -> match.group(1))
                .toList();
        assertThat(linked)
                .containsExactlyInAnyOrder(
                        "/webjars/leaflet/dist/leaflet.css",
                        "/webjars/leaflet/dist/leaflet.js",
                        "/assets/dispatch-map.js");
        assertThat(html).contains("data-tile-url=\"" + NO_TILE_SERVER + "\"").doesNotContain("__MAP_SETTINGS__");
        assertThat(page.header("Content-Security-Policy"))
                .contains(
                        "default-src 'self'",
                        "style-src 'self' 'unsafe-inline'",
                        "img-src 'self' data: http://127.0.0.1:1");
        for (String file : List.of(
                "/webjars/leaflet/dist/leaflet.js", "/webjars/leaflet/dist/leaflet.css", "/assets/dispatch-map.js")) {
            Answer served = dispatch.send("GET", file, Map.of(), null, null);
            assertThat(served.status()).as("%s needs no credential", file).isEqualTo(200);
            assertThat(served.header("Content-Type")).as(file).containsAnyOf("javascript", "text/css");
        }
        Answer missing = dispatch.send("GET", "/assets/no-such-file.js", Map.of(), null, null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.error().get("code").asText()).isEqualTo("NOT_FOUND");

        browser.get(dispatch.baseUrl + "/track/" + token);
        await().atMost(LIVE).untilAsserted(() -> assertThat(mapMode()).isEqualTo("drawing"));
        @SuppressWarnings("unchecked")
        List<String> loaded = (List<String>) browser.executeScript(
                "return performance.getEntriesByType('resource').map(function (e) { return e.name; })");
        assertThat(loaded)
                .as("Leaflet and the map script came from us")
                .contains(
                        dispatch.baseUrl + "/webjars/leaflet/dist/leaflet.js",
                        dispatch.baseUrl + "/assets/dispatch-map.js");
        assertThat(loaded)
                .as("nothing but us and the (unreachable) tile server")
                .allSatisfy(url ->
                        assertThat(url).matches(Pattern.quote(dispatch.baseUrl) + "/.*|http://127\\.0\\.0\\.1:1/.*"));
    }

    @Test
    void with_a_tile_server_that_answers_the_map_is_leaflet_on_its_tiles_with_the_pins_and_the_rider()
            throws Exception {
        ConfigurableEnvironment settings = dispatch.bean(ConfigurableEnvironment.class);
        try (TileServer tiles = TileServer.start()) {
            settings.getPropertySources()
                    .addFirst(new MapPropertySource(
                            "tile-server",
                            Map.of(
                                    "dispatch.maps.tile-url",
                                    tiles.urlTemplate(),
                                    "dispatch.maps.attribution",
                                    "Test tiles")));
            JsonNode created = create("KSM-4001", "Milimani Rd 15, Kisumu");
            Rider rider = dispatch.newRider("Akinyi Tiles");
            dispatch.call(
                    "POST",
                    "/api/v1/rider/dispatches/" + created.get("id").asText() + "/accept",
                    rider(rider),
                    null,
                    200);
            ride(rider);

            browser.get(
                    dispatch.baseUrl + "/track/" + created.get("trackingToken").asText());
            await().atMost(LIVE).untilAsserted(() -> {
                assertThat(browser.findElements(By.cssSelector("#map .leaflet-tile-loaded")))
                        .isNotEmpty();
                assertThat(browser.findElements(By.cssSelector("#map .leaflet-overlay-pane .dispatch-map-rider")))
                        .hasSize(1);
            });
            assertThat(mapMode()).isEqualTo("tiles");
            for (String pin : List.of("pickup", "dropoff")) {
                assertThat(browser.findElements(By.cssSelector("#map .leaflet-overlay-pane .dispatch-map-" + pin)))
                        .as(pin)
                        .hasSize(1);
            }
            assertThat(browser.findElement(By.cssSelector("#map .leaflet-control-attribution"))
                            .getText())
                    .contains("Test tiles");
            assertThat(tiles.served())
                    .isNotEmpty()
                    .allSatisfy(path -> assertThat(path).matches("/\\d+/\\d+/\\d+\\.png"));
            screenshot("tracking-page-tiles.png");
            desktopScreenshot("tracking-page-tiles-desktop.png");
            assertThat(mapMode()).as("a loaded tile keeps the tiles").isEqualTo("tiles");
            assertScreenshots(Chromium.PHONE_WIDTH, "tracking-page-tiles.png");
            assertScreenshots(Chromium.DESKTOP_WIDTH, "tracking-page-tiles-desktop.png");
        } finally {
            settings.getPropertySources().remove("tile-server");
        }
    }

    /** A Kisumu delivery with both stops' coordinates. */
    private static JsonNode create(String externalId, String dropoff) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        """
        {"customerName":"Achieng Odhiambo","customerPhone":"+254 700 000 031","externalId":"%s",
         "pickup":{"address":"Oginga Odinga St, Kisumu","lat":%s,"lng":%s,"notes":"Gate B"},
         "dropoff":{"address":"%s","lat":-0.1000,"lng":34.7550},
         "paymentType":"PREPAID"}""".formatted(externalId, LAT, LNG, dropoff),
                        201)
                .data();
    }

    /** Three fixes from the pickup towards the drop-off. */
    private static void ride(Rider rider) throws Exception {
        for (int fix = 0; fix < 3; fix++) {
            dispatch.call(
                    "POST",
                    "/api/v1/rider/location",
                    rider(rider),
                    "{\"lat\":" + (LAT - fix * 0.003) + ",\"lng\":" + (LNG - fix * 0.004) + "}",
                    202);
        }
    }

    private static JsonNode track(String token) throws Exception {
        return dispatch.call("GET", "/api/v1/track/" + token, Map.of(), null, 200)
                .data();
    }

    /** The element's text as the browser renders it (what a person sees). */
    private static String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    private static String shownStatus() {
        return browser.findElement(By.tagName("body")).getDomAttribute("data-status");
    }

    private static String mapMode() {
        return browser.findElement(By.id("map")).getDomAttribute("data-map-mode");
    }

    /** Whether the drawing shows the pickup, dropoff or rider mark. */
    private static boolean drawn(String mark) {
        return "visible"
                .equals(browser.findElement(By.cssSelector("#map .dispatch-map-" + mark))
                        .getDomAttribute("visibility"));
    }

    private static List<String> timeline() {
        return browser.findElements(By.cssSelector("#timeline li")).stream()
                .map(li -> li.getDomAttribute("data-status"))
                .toList();
    }

    /** After the map's last move: every tile loaded and faded in, no zoom under way (at once for the drawing). */
    private static void screenshot(String name) throws Exception {
        await().atMost(LIVE).until(() -> (Boolean) browser.executeScript("""
        var tiles = document.querySelectorAll('#map .leaflet-tile');
        return !document.querySelector('#map .leaflet-zoom-anim') && Array.prototype.every.call(tiles, function (t) {
          return t.classList.contains('leaflet-tile-loaded') && getComputedStyle(t).opacity === '1';
        });"""));
        chromium.screenshot(name);
    }

    /** The same page at a desktop's width, then back to the phone's. */
    private static void desktopScreenshot(String name) throws Exception {
        chromium.atDesktopSize(LIVE, () -> {
            // the map follows its element's new size (a ResizeObserver) before the picture is taken
            await().atMost(LIVE)
                    .until(() -> browser.executeAsyncScript(
                                    "var done = arguments[0]; requestAnimationFrame(function () { requestAnimationFrame(function () { done(true); }); });")
                            .equals(true));
            screenshot(name);
        });
    }

    private static void assertScreenshots(int width, String... names) throws Exception {
        for (String name : names) {
            byte[] png = Files.readAllBytes(Chromium.SCREENSHOTS.resolve(name));
            assertThat(png).as(name).startsWith(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertThat(image).as(name).isNotNull();
            assertThat(image.getWidth()).as(name).isEqualTo(width);
        }
    }
}
