package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.infrastructure.WebhookReceiver;
import io.dispatch.simulator.trip.DoorOutcome;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The merchant dashboard in a real browser, through the whole running service: headless Chromium
 * signs up, makes a key, sets the webhook URL to a local receiver, creates a sandbox delivery,
 * watches it reach DELIVERED on its page as the simulated rider drives it, sees the webhooks sent
 * for it, and imports a CSV with one bad row, which creates nothing and names the row. Screenshots
 * of every page at a phone's and a desktop's width land in {@code target/screenshots/dashboard-*}.
 */
class DashboardBrowserTest {

    private static final Duration PAGE = Duration.ofSeconds(15);
    private static final Duration RIDE = Duration.ofSeconds(60);

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final Chromium chromium = Chromium.phone();

    private static final ChromeDriver browser = chromium.driver();

    @Test
    void a_new_merchant_signs_up_sets_up_and_watches_a_sandbox_delivery_end_to_end() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // sign up: the first page is the checklist, nothing done yet
            open("/dashboard/signup");
            shoot("signup");
            String email = "shop-" + UUID.randomUUID() + "@example.com";
            type("businessName", "Duka la Mama");
            type("email", email);
            type("password", "a long enough password");
            submit("[data-testid=signup]");
            eventually("the checklist's address", () -> browser.getCurrentUrl().endsWith("/dashboard/start"));
            WebElement checklist = visible("[data-testid=checklist]");
            assertThat(checklist.findElements(By.cssSelector("li.done"))).isEmpty();
            shoot("checklist-empty");

            // the deliveries list's empty state
            navigate("Deliveries");
            visible("[data-testid=empty]");
            shoot("deliveries-empty");

            // a key, shown once with its copy button
            navigate("API keys");
            submit("[data-testid=new-key]");
            String apiKey = visible("[data-testid=secret]").getText();
            assertThat(apiKey).startsWith("key_");
            assertThat(visible("[data-testid=keys]").getText()).contains(apiKey.substring(0, apiKey.indexOf('.')));
            shoot("keys");
            dispatch.call("GET", "/api/v1/external/dispatches", DispatchUnderTest.merchant(apiKey), null, 200);

            // the webhook URL, to the local receiver; its secret shown once
            navigate("Webhooks");
            type("url", receiver.url());
            submit("[data-testid=webhook-url]");
            assertThat(visible("[data-testid=secret]").getText()).startsWith("whsec_");
            assertThat(visible("[data-testid=health]").getText()).contains("ACTIVE");
            shoot("webhooks");

            // a sandbox delivery the simulated riders will take to the door (the simulator decides by id which
            // deliveries fail there: one is made until its id is one that arrives)
            String id;
            do {
                navigate("New delivery");
                type("customerName", "Achieng Otieno");
                type("customerPhone", "+254 711 000 222");
                type("externalId", "DASH-" + UUID.randomUUID().toString().substring(0, 6));
                type("pickup.address", "Kenyatta Ave 1, Nairobi");
                type("pickup.lat", "-1.2841");
                type("pickup.lng", "36.8219");
                type("dropoff.address", "Ngong Rd 12, Nairobi");
                type("dropoff.lat", "-1.3001");
                type("dropoff.lng", "36.7833");
                type("amountCents", "150000");
                submit("[data-testid=new-delivery]");
                eventually(
                        "the new delivery's address",
                        () -> browser.getCurrentUrl().matches(".*/dashboard/deliveries/[0-9a-f-]{36}$"));
                id = browser.getCurrentUrl().substring(browser.getCurrentUrl().lastIndexOf('/') + 1);
            } while (DoorOutcome.failsAtTheDoor(UUID.fromString(id), DispatchUnderTest.SIMULATOR_FAIL_SHARE));
            visible("[data-testid=map]");
            assertThat(visible("[data-testid=tracking]").getText()).contains("/track/");

            // it moves on its page without a reload, to DELIVERED
            eventually("DELIVERED on the delivery's page", RIDE, () -> status().equals("DELIVERED"));
            shoot("delivery-delivered");

            // its history names who did what, and the webhooks sent for it show with their codes, on the same page
            eventually(
                    "the delivered webhook in the attempts",
                    () -> shown("[data-testid=attempts]").contains("dispatch.delivered"));
            eventually(
                    "no PENDING webhook in the attempts",
                    () -> !shown("[data-testid=attempts]").contains("PENDING"));
            assertThat(visible("[data-testid=history]").getText())
                    .contains("DELIVERED")
                    .contains("rider");
            String attempts = visible("[data-testid=attempts]").getText();
            assertThat(attempts)
                    .contains("dispatch.created")
                    .contains("dispatch.delivered")
                    .contains("SUCCEEDED")
                    .contains("204");
            assertThat(receiver.received()).as("the receiver got the webhooks").isNotEmpty();
            shoot("delivery-attempts");

            // the webhooks page lists the recent attempts across deliveries
            navigate("Webhooks");
            eventually(
                    "the delivered webhook among the recent attempts",
                    () -> shown("[data-testid=recent-attempts]").contains("dispatch.delivered"));
            shoot("webhooks-attempts");

            // the list shows it, filtered by status
            open("/dashboard/deliveries?status=DELIVERED");
            assertThat(visible("[data-testid=deliveries]").getText()).contains("DELIVERED");
            shoot("deliveries");

            // a CSV with one bad row: the preview and the import name the row, and nothing is created
            navigate("Import CSV");
            WebElement csv = visible("[data-testid=csv]");
            csv.clear();
            csv.sendKeys("""
          customerName,customerPhone,externalId,pickup.address,pickup.lat,pickup.lng,dropoff.address,dropoff.lat,dropoff.lng,paymentType,amountCents
          Amina Njeri,+254 700 000 001,CSV-1,Kenyatta Ave 1,-1.2841,36.8219,Ngong Rd 12,-1.3001,36.7833,COD,150000
          Baraka Mwangi,not a phone,CSV-2,Kenyatta Ave 1,-1.2841,36.8219,Ngong Rd 14,-1.3005,36.7830,PREPAID,0
          """);
            click("[data-testid=preview]");
            String preview = visible("[data-testid=preview-result]").getText();
            assertThat(preview).contains("2 rows, 1 valid").contains("Line 3").contains("customerPhone");
            click("[data-testid=import]");
            String refused =
                    visible("[data-testid=import-result] [data-testid=error]").getText();
            assertThat(refused).contains("Line 3").contains("customerPhone").doesNotContain("Line 2");
            shoot("import-bad-row");
            JsonNode csvDeliveries = dispatch.call(
                            "GET",
                            "/api/v1/external/dispatches?source=csv",
                            DispatchUnderTest.merchant(apiKey),
                            null,
                            200)
                    .data();
            assertThat(csvDeliveries)
                    .as("a CSV with a broken row creates nothing")
                    .isEmpty();

            // a Shopify store connected from its page; an order it sends shows among the last received
            navigate("Shopify");
            type("shopDomain", "duka-la-mama.myshopify.com");
            type("webhookSecret", "shpss_from_the_browser");
            type("pickup.address", "Moi Avenue 1, Nairobi");
            type("pickup.lat", "-1.2841");
            type("pickup.lng", "36.8233");
            submit("[data-testid=shopify]");
            String receiveUrl = visible("[data-testid=receive-url]").getText();
            assertThat(receiveUrl).endsWith("/orders");
            // the fixture ships to Ottawa; this merchant is a sandbox one, whose deliveries the simulated riders
            // ride: a Nairobi drop-off keeps the ride a short one (from Nairobi to Ottawa it would hold a rider for 47
            // min)
            var shopifyOrder = ShopifyWebhooks.order("orders-create.json");
            var shipping = (com.fasterxml.jackson.databind.node.ObjectNode) shopifyOrder.get("shipping_address");
            shipping.put("latitude", "-1.3001");
            shipping.put("longitude", "36.7833");
            String order = ShopifyWebhooks.text(shopifyOrder);
            String ordersPath = receiveUrl.substring(receiveUrl.indexOf("/api/v1/"));
            dispatch.call(
                    "POST",
                    ordersPath,
                    ShopifyWebhooks.headers(
                            ShopifyWebhooks.hmac("shpss_from_the_browser", order),
                            UUID.randomUUID().toString()),
                    order,
                    200);
            open("/dashboard/integrations");
            assertThat(visible("[data-testid=orders]").getText()).contains("CREATED");
            shoot("shopify");

            // the checklist is done, and the overview counts the day
            navigate("Get started");
            eventually(
                    "four steps done in the checklist",
                    () -> browser.findElement(By.cssSelector("[data-testid=checklist]"))
                                    .findElements(By.cssSelector("li.done"))
                                    .size()
                            == 4);
            shoot("checklist-done");
            navigate("Overview");
            assertThat(visible("[data-testid=daily]").getText()).isNotBlank();
            assertThat(Integer.parseInt(visible("[data-testid=kpi-created]").getText()))
                    .isGreaterThanOrEqualTo(1);
            shoot("overview");

            // sign out: the pages ask to sign in again
            click("#signout");
            eventually("the sign-in address", () -> browser.getCurrentUrl().endsWith("/dashboard/signin"));
            open("/dashboard/keys");
            eventually("the sign-in address", () -> browser.getCurrentUrl().endsWith("/dashboard/signin"));
            visible("[data-testid=signin]");
        }
    }

    @Test
    void a_wrong_password_shows_the_error_in_the_form_and_signs_nobody_in() throws Exception {
        open("/dashboard/signin");
        type("email", "nobody-" + UUID.randomUUID() + "@example.com");
        type("password", "not the password at all");
        submit("[data-testid=signin]");
        assertThat(visible("[data-testid=error]").getText()).contains("Wrong email or password");
        assertThat(browser.getCurrentUrl()).endsWith("/dashboard/signin");
        shoot("signin-error");
    }

    @Test
    void a_message_the_page_shows_never_covers_a_control_a_person_would_press() throws Exception {
        open("/dashboard/signup");
        type("businessName", "Toast Test");
        type("email", "toast-" + UUID.randomUUID() + "@example.com");
        type("password", "a long enough password");
        submit("[data-testid=signup]");
        eventually("the checklist's address", () -> browser.getCurrentUrl().endsWith("/dashboard/start"));
        navigate("New delivery");
        visible("[data-testid=new-delivery]");
        // the dashboard's longest message, shown as toast() shows it: a real one hides itself after 3.5 s, and a test
        // that raced it would pass whenever it lost the race
        browser.executeScript(
                "const toast = document.getElementById('toast'); toast.textContent = arguments[0]; toast.hidden = false;",
                "Enabled: everything kept is being sent");
        assertThat(visible("#toast").getText()).isEqualTo("Enabled: everything kept is being sent");

        assertThat(controlsCoveredAtTheFootOfTheScreen())
                .as(
                        "controls that a click at their centre does not reach, each scrolled to the foot of a phone's screen"
                                + " as WebDriver scrolls it (and as a thumb finds the last button of a form)")
                .isEmpty();
        assertThat(toastInsideTheHeader())
                .as("the message sits in the header, so it covers nothing the header does not")
                .isTrue();
        submit("[data-testid=new-delivery]");
        shoot("message");
        chromium.atDesktopSize(PAGE, () -> {
            assertThat(controlsCoveredAtTheFootOfTheScreen()).isEmpty();
            assertThat(toastInsideTheHeader()).isTrue();
        });
    }

    @Test
    void a_new_delivery_says_how_far_dispatching_got_while_it_waits_for_a_rider() throws Exception {
        open("/dashboard/signup");
        type("businessName", "Pemba Channel Foods");
        type("email", "waiting-" + UUID.randomUUID() + "@example.com");
        type("password", "a long enough password");
        submit("[data-testid=signup]");
        eventually("the checklist's address", () -> browser.getCurrentUrl().endsWith("/dashboard/start"));
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
        eventually("the rider eligible for the engine", () -> eligible(rider.id()));

        // RANKED: the engine offers it to the one rider on shift; the line counts the offer against the policy's 5
        String id = createOnTheForm(lat, lng);
        eventually(
                "the waiting line counting one offer of five",
                Duration.ofSeconds(30),
                () -> shown("[data-testid=waiting]").equals("Waiting for a rider (offered to 1 of 5)"));
        assertThat(status()).isEqualTo("NEW");
        shoot("delivery-waiting");
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
        eventually("ASSIGNED on the delivery's page", () -> status().equals("ASSIGNED"));
        eventually("no waiting line once the rider holds it", () -> !waitingLineShown());

        // MANUAL: riders take it from the list. A simulated rider takes a sandbox delivery 2 s after its creation,
        // so what the line showed is recorded as the page draws it, from before the form is sent
        browser.executeScript("""
                window.waitingSeen = [];
                new MutationObserver(() => {
                  const line = document.querySelector("[data-testid=waiting]");
                  if (line && !line.hidden && !window.waitingSeen.includes(line.textContent)) {
                    window.waitingSeen.push(line.textContent);
                  }
                }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });""");
        createOnTheForm(lat - 0.2, lng);
        eventually(
                "the list line while the MANUAL delivery is NEW",
                () -> waitingSeen().contains("Waiting for a rider to take it from the list"));
        assertThat(waitingSeen()).allMatch(line -> line.startsWith("Waiting for a rider to take it from the list"));
        eventually(
                "a simulated rider takes it from the list", RIDE, () -> !status().equals("NEW") && !status().isEmpty());
        eventually("no waiting line once a rider holds it", () -> !waitingLineShown());
    }

    @Test
    void a_delivered_delivery_shows_the_riders_proof_photo_on_its_page() throws Exception {
        open("/dashboard/signup");
        type("businessName", "Malindi Proofs");
        type("email", "proof-" + UUID.randomUUID() + "@example.com");
        type("password", "a long enough password");
        submit("[data-testid=signup]");
        eventually("the checklist's address", () -> browser.getCurrentUrl().endsWith("/dashboard/start"));
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
        BufferedImage door = new BufferedImage(800, 600, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = door.createGraphics();
        g.setColor(new Color(0x8D6E63));
        g.fillRect(0, 0, 800, 600);
        g.setColor(Color.ORANGE);
        g.fillRect(300, 250, 200, 150);
        g.dispose();
        ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
        ImageIO.write(door, "jpg", jpeg);
        var uploaded = dispatch.sendBytes(
                "POST",
                "/api/v1/rider/dispatches/" + id + "/proof-media",
                DispatchUnderTest.rider(rider),
                jpeg.toByteArray(),
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
        eventually("DELIVERED on the delivery's page", () -> status().equals("DELIVERED"));
        // the page reads the proof again over the minute after DELIVERED: the read model may be behind
        eventually(
                "the photo shown, loaded with the session",
                Duration.ofSeconds(70),
                () -> ((Number) browser.executeScript("const img = document.querySelector('[data-testid=proof-media]');"
                                        + " return img && img.complete ? img.naturalWidth : 0;"))
                                .intValue()
                        == 800);
        assertThat(shown("[data-testid=proof]")).contains("PHOTO").contains("Mwanajuma Said");
        shoot("delivery-proof");
    }

    // ------------------------------------------------------------------------------------------

    /** A square zone of 0.1° around the point, with the policy. */
    private static void zoneWithPolicy(double lat, double lng, String policy) throws Exception {
        String zoneId = "pemba-" + UUID.randomUUID().toString().substring(0, 8);
        double d = 0.05;
        String ring = "[[%s,%s],[%s,%s],[%s,%s],[%s,%s],[%s,%s]]"
                .formatted(lng - d, lat - d, lng + d, lat - d, lng + d, lat + d, lng - d, lat + d, lng - d, lat - d);
        dispatch.call(
                "PUT", "/api/v1/admin/zones/" + zoneId, DispatchUnderTest.admin(), """
                {"name":"%s","priority":5,"polygon":{"type":"Polygon","coordinates":[%s]},"baseFeeCents":10000,
                 "perKmCents":1000,"minFeeCents":12000,"targetPickupSeconds":900,"targetDeliverySeconds":2700,
                 "detourFactor":1.2,"avgSpeedKmh":20}""".formatted(zoneId, ring), 201);
        dispatch.call("PUT", "/api/v1/admin/dispatch/policies/" + zoneId, DispatchUnderTest.admin(), policy, 200);
    }

    /** Whether the engine sees the rider as one it may offer deliveries to. */
    private static boolean eligible(String riderId) throws Exception {
        for (JsonNode known : dispatch.call(
                        "GET", "/api/v1/admin/dispatch/engine", DispatchUnderTest.admin(), null, 200)
                .data()
                .get("riders")) {
            if (known.get("riderId").asText().equals(riderId)) {
                return known.get("eligible").asBoolean();
            }
        }
        return false;
    }

    /** A delivery made on the New delivery page, picked up at the point; its id, once its page shows. */
    private static String createOnTheForm(double lat, double lng) {
        navigate("New delivery");
        type("customerName", "Mwanajuma Said");
        type("customerPhone", "+254 711 000 333");
        type("externalId", "WAIT-" + UUID.randomUUID().toString().substring(0, 6));
        type("pickup.address", "Shimoni Jetty");
        type("pickup.lat", String.valueOf(lat));
        type("pickup.lng", String.valueOf(lng));
        type("dropoff.address", "Wasini Rd 3");
        type("dropoff.lat", String.valueOf(lat + 0.01));
        type("dropoff.lng", String.valueOf(lng));
        type("amountCents", "90000");
        submit("[data-testid=new-delivery]");
        eventually(
                "the new delivery's address",
                () -> browser.getCurrentUrl().matches(".*/dashboard/deliveries/[0-9a-f-]{36}$"));
        return browser.getCurrentUrl().substring(browser.getCurrentUrl().lastIndexOf('/') + 1);
    }

    private static boolean waitingLineShown() {
        return browser.findElements(By.cssSelector("[data-testid=waiting]")).stream()
                .anyMatch(WebElement::isDisplayed);
    }

    @SuppressWarnings("unchecked")
    private static List<String> waitingSeen() {
        return (List<String>) browser.executeScript("return window.waitingSeen || []");
    }

    /**
     * Each control of the page scrolled to the bottom edge of the screen ({@code block: 'end'}, as WebDriver scrolls
     * one before a click), then the element a click at its centre lands on: the controls it is not one of.
     */
    @SuppressWarnings("unchecked")
    private static List<String> controlsCoveredAtTheFootOfTheScreen() {
        return (List<String>) browser.executeScript("""
                const covered = [];
                for (const control of document.querySelectorAll("main button, main input, main select, main textarea, main a")) {
                  if (!control.getClientRects().length) continue;
                  control.scrollIntoView({ block: "end", inline: "nearest" });
                  const box = control.getBoundingClientRect();
                  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                  if (!control.contains(hit)) {
                    covered.push(`${control.name || control.textContent} under ${hit ? hit.id || hit.tagName : "nothing"}`);
                  }
                }
                return covered;""");
    }

    private static boolean toastInsideTheHeader() {
        return (Boolean) browser.executeScript("""
                const toast = document.getElementById("toast").getBoundingClientRect();
                const header = document.querySelector("header").getBoundingClientRect();
                return toast.height > 0 && toast.top >= header.top && toast.bottom <= header.bottom
                  && toast.left >= header.left && toast.right <= header.right;""");
    }

    private static void open(String path) {
        browser.get(dispatch.baseUrl + path);
    }

    /** A link of the navigation (on a phone it sits behind the menu button, shown once the page knows who is in). */
    private static void navigate(String text) {
        eventually(
                "the menu or the navigation",
                () -> browser.findElement(By.id("menu")).isDisplayed()
                        || browser.findElement(By.id("nav")).isDisplayed());
        if (!browser.findElement(By.id("nav")).isDisplayed()) {
            click("#menu");
        }
        clickable(() -> browser.findElement(By.id("nav")).findElement(By.linkText(text)))
                .click();
    }

    private static WebElement visible(String css) {
        try {
            return await().atMost(PAGE)
                    .ignoreExceptions()
                    .until(() -> browser.findElement(By.cssSelector(css)), element -> element.isDisplayed());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(css + " not shown within " + PAGE + "; " + whereWeAre(), e);
        }
    }

    private static void eventually(String what, Callable<Boolean> condition) {
        eventually(what, PAGE, condition);
    }

    /** Waits for what a person would see; when it does not come, says where the page was. */
    private static void eventually(String what, Duration wait, Callable<Boolean> condition) {
        try {
            await().atMost(wait).ignoreExceptions().until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(what + ": not within " + wait + "; " + whereWeAre(), e);
        }
    }

    /** The element's text, "" while it is not there. */
    private static String shown(String css) {
        return browser.findElements(By.cssSelector(css)).stream()
                .findFirst()
                .map(WebElement::getText)
                .orElse("");
    }

    /**
     * What the page showed when a wait gave up: its address, its text, a screenshot, and what the merchant API
     * answers the session now (a 429 there would mean the dashboard spent the session's rate limit).
     */
    private static String whereWeAre() {
        try {
            chromium.screenshot("dashboard-failure-phone.png");
        } catch (Exception e) {
            // the address and text still say where we were
        }
        Object api = browser.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const shown = location.pathname.match(/^[/]dashboard[/]deliveries[/]([0-9a-f-]{36})$/);
                const read = shown ? `/api/v1/external/dispatches/${shown[1]}` : "/api/v1/external/dispatches?limit=1";
                fetch(read, { credentials: "same-origin", headers: { Accept: "application/json", "Idempotency-Key": crypto.randomUUID() } })
                  .then(async (r) => {
                    const text = await r.text();
                    // which scripts ran: a stale copy of the page elsewhere on the class path once hid the current one
                    const drawn = ` [scripts ${[...document.scripts].map((s) => s.src.replace(location.origin, "")).join(" ")}]`;
                    done(`${r.status}, RateLimit-Remaining ${r.headers.get("RateLimit-Remaining")}: ${text.slice(0, 1500)}${drawn}`);
                  })
                  .catch((e) => done(String(e)));""");
        return "at " + browser.getCurrentUrl() + ", the API answers the session " + api + ", the page says: "
                + browser.executeScript("return document.body.innerText");
    }

    private static void type(String name, String value) {
        WebElement field = await().atMost(PAGE)
                .ignoreExceptions()
                .until(() -> browser.findElement(By.name(name)), WebElement::isDisplayed);
        field.clear();
        field.sendKeys(value);
    }

    /** Presses the form's submit button once it is shown and enabled (a form disables it while its call runs). */
    private static void submit(String form) {
        clickable(() -> visible(form).findElement(By.cssSelector("button[type=submit]")))
                .click();
    }

    private static void click(String css) {
        clickable(() -> browser.findElement(By.cssSelector(css))).click();
    }

    /**
     * The element once a person could press it: shown and enabled. Not once nothing covers it: a control covered by
     * the page's own message is a fault of the page, which {@link
     * #a_message_the_page_shows_never_covers_a_control_a_person_would_press} holds, not something to wait out.
     */
    private static WebElement clickable(Callable<WebElement> find) {
        try {
            return await().atMost(PAGE)
                    .ignoreExceptions()
                    .until(find, element -> element.isDisplayed() && element.isEnabled());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("nothing to press within " + PAGE + "; " + whereWeAre(), e);
        }
    }

    /** The status badge's text, or "" while there is none (or the live page is replacing it as it is read). */
    private static String status() {
        try {
            return browser.findElements(By.cssSelector("[data-testid=status] .badge")).stream()
                    .findFirst()
                    .map(WebElement::getText)
                    .orElse("");
        } catch (StaleElementReferenceException replaced) {
            return "";
        }
    }

    /** The page at a phone's width, then at a desktop's. */
    private static void shoot(String name) throws Exception {
        chromium.screenshot("dashboard-" + name + "-phone.png");
        chromium.atDesktopSize(PAGE, () -> chromium.screenshot("dashboard-" + name + "-desktop.png"));
    }
}
