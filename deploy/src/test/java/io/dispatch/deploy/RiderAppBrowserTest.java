package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * The riders' app in a real browser, through the whole running service: an operator registers a
 * rider and sets a zone to RANKED offers; the rider opens the enrolment link on a phone (headless
 * Chromium, its position emulated), goes on shift, sees the offer with its countdown, accepts,
 * picks up; then the connection is lost (the page's network emulated offline, and the proxy
 * between browser and service cut, so the service worker cannot reach it either), the app is
 * opened again from its service worker and shows the saved route, the rider departs and hands
 * over with a photo from the camera; the connection comes back and the queued steps reach the
 * service once each, the photo uploaded first.
 * Screenshots of every screen at a phone's and a desktop's size: {@code target/screenshots/rider-*}.
 */
class RiderAppBrowserTest {

    /** Garissa: far from the other tests' places, so the offer goes to this test's rider alone. */
    private static final double LAT = -0.4532;

    private static final double LNG = 39.6461;
    private static final Duration ENGINE = Duration.ofSeconds(30);
    /** A 480 x 360 PNG standing in for the camera's photo of the parcel at the door. */
    private static final Path PHOTO = photo();

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final Chromium chromium = Chromium.phone();

    @AutoClose
    private static final CuttableProxy proxy =
            new CuttableProxy(URI.create(dispatch.baseUrl).getPort());

    private static final RiderAppScreen screen = new RiderAppScreen(chromium, proxy.url());
    private static final RiderAppService service = new RiderAppService(dispatch, LAT, LNG);
    private static final ChromeDriver browser = chromium.driver();

    @Test
    void a_rider_enrols_takes_an_offer_and_the_steps_taken_offline_reach_the_service_once_each() throws Exception {
        String base = proxy.url();
        browser.get(base + "/rider");
        assertThat(screen.text("[data-testid=enrol]")).contains("Ask the dispatcher for your enrolment link");
        screen.shoot("not-enrolled");

        service.zone("{\"mode\":\"RANKED\",\"offerTimeout\":\"PT10M\"}");
        Merchant merchant = dispatch.newMerchant("Garissa Grocers");
        Rider rider = dispatch.newRider("Halima Garissa");

        // enrolment: the link's token is kept and leaves the address
        screen.placeAt(base, LAT + 0.004, LNG);
        browser.get(base + "/rider#token=" + rider.token());
        screen.eventually(
                "the rider's name",
                () -> screen.shown("[data-testid=rider-name]").equals("Halima Garissa"));
        assertThat(browser.getCurrentUrl()).isEqualTo(base + "/rider/");
        assertThat(browser.executeScript("return localStorage.getItem('dispatch.rider.token')"))
                .isEqualTo(rider.token());
        assertThat(screen.text("[data-testid=shift-state]")).isEqualTo("Off shift");
        screen.shoot("off-shift");

        // on shift: the position goes to the service and the engine counts the rider in
        screen.click("[data-testid=shift]");
        screen.eventually(
                "on shift", () -> screen.shown("[data-testid=shift-state]").equals("On shift"));
        screen.eventually(
                "the position shared",
                () -> screen.shown("[data-testid=position]").startsWith("Position shared"));
        screen.eventually("the rider eligible for the engine", ENGINE, () -> service.eligible(rider.id()));
        screen.eventually("the service worker in charge of the page", () ->
                (Boolean) browser.executeScript("return navigator.serviceWorker.controller !== null"));

        // the offer, with a live countdown
        JsonNode created = service.create(merchant, "Hodan Abdi");
        String id = created.get("id").asText();
        String offer = "[data-testid=offer][data-dispatch='" + id + "']";
        String countdown = offer + " [data-testid=countdown]";
        screen.eventually(
                "the offer",
                ENGINE,
                () -> browser.findElement(By.cssSelector(countdown)).isDisplayed());
        String first = screen.text(countdown);
        assertThat(first).matches("[0-9]+:[0-9]{2} left");
        screen.eventually("the countdown moving", () -> !screen.shown(countdown).equals(first));
        screen.shoot("offer");
        screen.click(offer + " [data-testid=accept]");

        // the route: the pickup, then the drop-off, each with a link to navigation
        screen.eventually("the route's two stops", () -> stops().equals(List.of("PICKUP", "DROPOFF")));
        List<String> destinations = new ArrayList<>();
        for (WebElement link : browser.findElements(By.cssSelector("[data-testid=navigate]"))) {
            destinations.add(URLDecoder.decode(link.getDomAttribute("href"), StandardCharsets.UTF_8));
        }
        assertThat(destinations)
                .containsExactly(
                        "https://www.google.com/maps/dir/?api=1&destination=" + LAT + "," + LNG,
                        "https://www.google.com/maps/dir/?api=1&destination=" + (LAT + 0.01) + "," + (LNG + 0.01));
        screen.shoot("route");
        screen.click("[data-testid=step-pickup]");
        screen.eventually("PICKED_UP in the service", () -> service.status(id).equals("PICKED_UP"));
        screen.eventually("the route without its pickup", () -> stops().equals(List.of("DROPOFF")));
        screen.visible("[data-testid=step-depart]");

        // the connection is lost; the app opens again from its service worker with the saved route
        proxy.cut();
        screen.network(false);
        browser.navigate().refresh();
        screen.eventually(
                "the saved route", () -> screen.shown("[data-testid=route-age]").startsWith("Saved route"));
        assertThat(stops()).containsExactly("DROPOFF");
        assertThat(screen.text("[data-testid=conn]")).startsWith("Offline");
        assertThat(screen.text("[data-testid=rider-name]")).isEqualTo("Halima Garissa");
        screen.shoot("offline-route");

        // depart and hand over with a photo while offline: both wait, the service sees nothing yet
        screen.click("[data-testid=step-depart]");
        screen.click("[data-testid=step-deliver]");
        screen.type("recipientName", "Hodan Abdi");
        signAndClear();
        takePhoto();
        screen.shoot("deliver-form");
        screen.click("[data-testid=deliver-submit]");
        screen.eventually(
                "two steps waiting", () -> screen.shown("[data-testid=conn]").equals("Offline · 2 waiting"));
        assertThat(service.status(id)).as("nothing reached the service").isEqualTo("PICKED_UP");
        screen.shoot("offline-waiting");

        // the connection is back: the steps go in order, once each
        proxy.restore();
        screen.network(true);
        screen.eventually(
                "DELIVERED in the service", ENGINE, () -> service.status(id).equals("DELIVERED"));
        screen.eventually(
                "nothing waiting", () -> screen.shown("[data-testid=conn]").equals("Online"));
        screen.eventually(
                "an empty route",
                () -> screen.shown("[data-testid=route-empty]").equals("Nothing to carry."));
        // the history is read from its read model, which follows the log within moments
        screen.eventually(
                "the whole history", () -> service.history(merchant, id).contains("DELIVERED"));
        List<String> history = service.history(merchant, id);
        assertThat(history).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED");
        assertThat(history.stream().filter("IN_TRANSIT"::equals)).hasSize(1);
        assertThat(history.stream().filter("DELIVERED"::equals)).hasSize(1);
        JsonNode delivered = service.delivery(id);
        JsonNode proof = delivered.get("proofOfDelivery");
        assertThat(proof.get("type").asText()).isEqualTo("PHOTO");
        String photoUrl = proof.get("photoUrl").asText();
        assertThat(photoUrl).contains("/api/v1/proof-media/");
        assertThat(service.proofMedia(photoUrl))
                .as("the photo uploaded once the connection was back")
                .isEqualTo(Files.readAllBytes(PHOTO));
        assertThat(delivered.get("proofOfDelivery").get("recipientName").asText())
                .isEqualTo("Hodan Abdi");
        screen.shoot("delivered");
    }

    /** Draws on the signature pad (pointer events from a mouse), shows it, then goes back to the PIN. */
    private static void signAndClear() throws Exception {
        screen.click("input[name=proofType][value=SIGNATURE]");
        WebElement pad = screen.visible("[data-testid=signature]");
        new Actions(browser)
                .moveToElement(pad, -80, 0)
                .clickAndHold()
                .moveByOffset(40, -20)
                .moveByOffset(40, 30)
                .moveByOffset(60, -25)
                .release()
                .perform();
        assertThat(browser.executeScript("const c = document.getElementById('signature');"
                        + " const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                        + " for (let i = 0; i < d.length; i += 4) if (d[i] < 128) return true; return false;"))
                .as("the stroke is on the pad")
                .isEqualTo(true);
        screen.shoot("signature");
        screen.click("input[name=proofType][value=PIN]");
    }

    /** Takes the fixture "photo" with the camera's file input and sees it previewed. */
    private static void takePhoto() throws Exception {
        screen.click("input[name=proofType][value=PHOTO]");
        screen.visible("input[name=photo]").sendKeys(PHOTO.toString());
        screen.eventually(
                "the photo previewed",
                () -> (Boolean)
                        browser.executeScript(
                                "const img = document.getElementById('photo-preview'); return !img.hidden && img.naturalWidth === 480;"));
        screen.shoot("photo");
    }

    private static Path photo() {
        try {
            return Path.of(RiderAppBrowserTest.class
                    .getResource("/rider-app/parcel-at-the-door.png")
                    .toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> stops() {
        return browser.findElements(By.cssSelector("[data-testid=stop]")).stream()
                .map(stop -> stop.getDomAttribute("data-kind"))
                .toList();
    }
}
