package io.dispatch.deploy;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * A delivery's page of the merchant dashboard in a real browser, through the whole running service: while NEW it
 * says how far dispatching got (RANKED offers counted, MANUAL's list), and once DELIVERED it shows the rider's proof
 * photo, read with the session. Screenshots in {@code target/screenshots/dashboard-*}.
 */
class DashboardDeliveryBrowserTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final DashboardPage page = DashboardPage.onAPhone(dispatch.baseUrl);

    private static final ChromeDriver browser = page.browser();

    @Test
    void a_new_delivery_says_how_far_dispatching_got_while_it_waits_for_a_rider() throws Exception {
        page.signUp("Pemba Channel Foods", "waiting-" + UUID.randomUUID() + "@example.com");
        // two zones of this test's own on the coast south of Mombasa, far from every other test's riders; the
        // merchant is a sandbox one, so its rider is a sandbox rider
        double lat = -4.9;
        double lng = 39.2;
        zoneWithPolicy(lat, lng, "{\"mode\":\"RANKED\",\"offerTimeout\":\"PT10M\"}");
        zoneWithPolicy(lat - 0.2, lng, "{\"mode\":\"MANUAL\"}");
        DispatchUnderTest.Rider rider = dispatch.newSandboxRider("Shimoni Rider");
        dispatch.call("POST", "/api/v1/rider/shift", DispatchUnderTest.rider(rider), "{\"status\":\"ON\"}", 200);
        dispatch.call(
                "POST",
                "/api/v1/rider/location",
                DispatchUnderTest.rider(rider),
                "{\"lat\":%s,\"lng\":%s}".formatted(lat + 0.003, lng),
                202);
        page.eventually("the rider eligible for the engine", () -> EngineRiders.eligible(dispatch, rider.id()));

        // RANKED: the engine offers it to the one rider on shift; the line counts the offer against the policy's 5
        String id = createOnTheForm(lat, lng);
        page.eventually(
                "the waiting line counting one offer of five",
                Duration.ofSeconds(30),
                () -> page.shown("[data-testid=waiting]").equals("Waiting for a rider (offered to 1 of 5)"));
        assertThat(page.status()).isEqualTo("NEW");
        page.shoot("delivery-waiting");
        JsonNode offer = null;
        for (JsonNode open : dispatch.call("GET", "/api/v1/rider/offers", DispatchUnderTest.rider(rider), null, 200)
                .data()) {
            if (open.get("dispatchId").asText().equals(id)) {
                offer = open;
            }
        }
        assertThat(offer).as("the rider's open offer of the delivery").isNotNull();
        dispatch.call(
                "POST",
                "/api/v1/rider/offers/" + offer.get("offerId").asText() + "/accept",
                DispatchUnderTest.rider(rider),
                null,
                200);
        page.eventually("ASSIGNED on the delivery's page", () -> page.status().equals("ASSIGNED"));
        page.eventually("no waiting line once the rider holds it", () -> !page.waitingLineShown());

        // MANUAL: riders take it from the list. A simulated rider takes a sandbox delivery 2 s after its creation,
        // so what the line showed is recorded as the page draws it, from before the form is sent
        page.recordWaitingLines();
        createOnTheForm(lat - 0.2, lng);
        page.eventually(
                "the list line while the MANUAL delivery is NEW",
                () -> page.waitingSeen().contains("Waiting for a rider to take it from the list"));
        assertThat(page.waitingSeen())
                .allMatch(line -> line.startsWith("Waiting for a rider to take it from the list"));
        page.eventually(
                "a simulated rider takes it from the list",
                DashboardPage.RIDE,
                () -> !page.status().equals("NEW") && !page.status().isEmpty());
        page.eventually("no waiting line once a rider holds it", () -> !page.waitingLineShown());
    }

    @Test
    void a_delivered_delivery_shows_the_riders_proof_photo_on_its_page() throws Exception {
        page.signUp("Malindi Proofs", "proof-" + UUID.randomUUID() + "@example.com");
        // a zone of its own at Malindi, dispatched by offers that nobody near it gets: it stays NEW for the operator
        double lat = -3.22;
        double lng = 40.12;
        zoneWithPolicy(lat, lng, "{\"mode\":\"RANKED\",\"offerTimeout\":\"PT10M\"}");
        String id = createOnTheForm(lat, lng);
        DispatchUnderTest.Rider rider = dispatch.newSandboxRider("Malindi Rider");
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                DispatchUnderTest.admin(),
                "{\"riderId\":\"" + rider.id() + "\"}",
                200);
        for (String step : List.of("pickup", "depart")) {
            dispatch.call(
                    "POST", "/api/v1/rider/dispatches/" + id + "/" + step, DispatchUnderTest.rider(rider), null, 200);
        }
        var uploaded = dispatch.sendBytes(
                "POST",
                "/api/v1/rider/dispatches/" + id + "/proof-media",
                DispatchUnderTest.rider(rider),
                doorPhoto(),
                "image/jpeg");
        assertThat(uploaded.statusCode()).isEqualTo(201);
        String url =
                DispatchUnderTest.JSON.readTree(uploaded.body()).at("/data/url").asText();
        dispatch.call(
                "POST",
                "/api/v1/rider/dispatches/" + id + "/deliver",
                DispatchUnderTest.rider(rider),
                "{\"proof\":{\"type\":\"PHOTO\",\"recipientName\":\"Mwanajuma Said\",\"photoUrl\":\"" + url + "\"}}",
                200);

        // the open page follows the status; the proof comes with the page's next reads
        page.eventually("DELIVERED on the delivery's page", () -> page.status().equals("DELIVERED"));
        // the page reads the proof again over the minute after DELIVERED: the read model may be behind
        page.eventually(
                "the photo shown, loaded with the session",
                Duration.ofSeconds(70),
                () -> ((Number) browser.executeScript("const img = document.querySelector('[data-testid=proof-media]');"
                                        + " return img && img.complete ? img.naturalWidth : 0;"))
                                .intValue()
                        == 800);
        assertThat(page.shown("[data-testid=proof]")).contains("PHOTO").contains("Mwanajuma Said");
        page.shoot("delivery-proof");
    }

    /** A square zone of 0.1° around the point, with the policy. */
    private static void zoneWithPolicy(double lat, double lng, String policy) throws Exception {
        dispatch.newZone("pemba-" + UUID.randomUUID().toString().substring(0, 8), lat, lng, 0.05, policy);
    }

    /** A delivery made on the New delivery page, picked up at the point; its id, once its page shows. */
    private static String createOnTheForm(double lat, double lng) {
        return page.newDelivery(
                entry("customerName", "Mwanajuma Said"),
                entry("customerPhone", "+254 711 000 333"),
                entry("externalId", "WAIT-" + UUID.randomUUID().toString().substring(0, 6)),
                entry("pickup.address", "Shimoni Jetty"),
                entry("pickup.lat", String.valueOf(lat)),
                entry("pickup.lng", String.valueOf(lng)),
                entry("dropoff.address", "Wasini Rd 3"),
                entry("dropoff.lat", String.valueOf(lat + 0.01)),
                entry("dropoff.lng", String.valueOf(lng)),
                entry("amountCents", "90000"));
    }

    /** An 800 x 600 JPEG standing in for the rider's photo of the parcel at the door. */
    private static byte[] doorPhoto() throws Exception {
        BufferedImage door = new BufferedImage(800, 600, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = door.createGraphics();
        g.setColor(new Color(0x8D6E63));
        g.fillRect(0, 0, 800, 600);
        g.setColor(Color.ORANGE);
        g.fillRect(300, 250, 200, 150);
        g.dispose();
        ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
        ImageIO.write(door, "jpg", jpeg);
        return jpeg.toByteArray();
    }
}
