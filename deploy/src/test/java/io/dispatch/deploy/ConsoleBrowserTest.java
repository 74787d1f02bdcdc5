package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The dispatch console in a real browser, through the whole running service (decisions.md §16):
 * a dispatcher signs in, finds a delivery nobody is in reach of in the queue, assigns it from the
 * engine's ranked suggestions with one click, watches the rider move on the live map, and enrols
 * the rider's phone; an auditor reads the delivery's decisions, sees no assign button, and is
 * refused the assign even when it calls it itself. Screenshots of every page at a phone's and a
 * desktop's size land in {@code target/screenshots/console-*}.
 */
class ConsoleBrowserTest {

    private static final String PASSWORD = "a long console password";
    /** A zone of its own, by Lake Turkana, where no other test has riders. */
    private static final double LAT = 3.1;

    private static final double LNG = 35.6;

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final Chromium chromium = Chromium.phone();

    private static final ChromeDriver browser = chromium.driver();

    private static final ConsolePage page = new ConsolePage(chromium, dispatch.baseUrl);

    @Test
    void a_dispatcher_assigns_from_the_queue_and_watches_the_rider_and_an_auditor_only_reads() throws Exception {
        String dispatcher = operator("DISPATCHER");
        String auditor = operator("AUDITOR");
        // RANKED within 100 m: the rider 1 km away is out of reach, so the delivery waits in the queue
        String zoneId = "turkana-" + UUID.randomUUID().toString().substring(0, 8);
        dispatch.newZone(zoneId, LAT, LNG, 0.05, "{\"mode\":\"RANKED\",\"radiusMeters\":100}");
        String name = "Console Rider " + UUID.randomUUID().toString().substring(0, 4);
        Rider rider = dispatch.newRider(name);
        dispatch.call("POST", "/api/v1/rider/shift", rider(rider), "{\"status\":\"ON\"}", 200);
        locate(rider, LAT + 0.009);
        Merchant shop = dispatch.newMerchant("Turkana Shop " + UUID.randomUUID());
        String id = dispatch.createDelivery(shop, """
        {"customerName":"Akai Ekal","customerPhone":"+254 722 000 318","externalId":"console-%s",
         "pickup":{"address":"Lodwar Rd 1","lat":%s,"lng":%s},
         "dropoff":{"address":"Lodwar Rd 40","lat":%s,"lng":%s},"paymentType":"PREPAID"}""".formatted(UUID.randomUUID(), LAT, LNG, LAT - 0.01, LNG));
        // an earlier one of the day, which the rider has delivered: the zone's day then has a click-to-door to draw
        // in the what-if comparison below, whatever the simulated rows do
        JsonNode earlier = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        DispatchUnderTest.merchant(shop.apiKey()),
                        """
        {"customerName":"Akai Ekal","customerPhone":"+254 722 000 318","externalId":"console-earlier-%s",
         "pickup":{"address":"Lodwar Rd 1","lat":%s,"lng":%s},
         "dropoff":{"address":"Lodwar Rd 40","lat":%s,"lng":%s},"paymentType":"PREPAID"}""".formatted(UUID.randomUUID(), LAT, LNG, LAT - 0.01, LNG),
                        201)
                .data();
        String earlierId = earlier.get("id").asText();
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + earlierId + "/assign",
                admin(),
                "{\"riderId\":\"" + rider.id() + "\"}",
                200);
        for (String step : new String[] {"pickup", "depart"}) {
            dispatch.call("POST", "/api/v1/rider/dispatches/" + earlierId + "/" + step, rider(rider), null, 200);
        }
        dispatch.deliverWithPin(
                rider, earlierId, "Akai Ekal", earlier.get("deliveryPin").asText(), 200);

        // the dispatcher signs in and finds it in the queue, with the reason and the rider suggested
        page.signIn(dispatcher, PASSWORD);
        assertThat(page.visible("[data-testid=role]").getText()).isEqualTo("DISPATCHER");
        page.visible("[data-testid=live-map]");
        page.eventually(
                "the stream's snapshot",
                () -> page.shown("[data-testid=stream-state]").equals("live"));
        page.navigate("Queue");
        // a dispatcher watches their zone: the whole service's queue is longer than a page in a full test run
        page.eventually("the zone in the queue's filter", () -> {
            page.click("[data-testid=zone-filter] option[value='" + zoneId + "']");
            return browser.getCurrentUrl().endsWith("/console/queue?zone=" + zoneId);
        });
        String row = "[data-testid=queue-table] tr[data-id='" + id + "']";
        page.eventually("the delivery in the queue", ConsolePage.PAGE.multipliedBy(2), () -> {
            if (browser.findElements(By.cssSelector(row)).isEmpty()) {
                page.click("[data-testid=refresh]");
            }
            return browser.findElement(By.cssSelector(row)).getText().contains("NO_RIDER_IN_RADIUS");
        });
        String suggestion = row + " .suggestion[data-rider='" + rider.id() + "']";
        assertThat(page.visible(suggestion).getText())
                .contains(name)
                .contains("1.")
                .contains("load 0/1");
        page.shoot("queue");
        page.click(suggestion + " [data-testid=assign]");
        page.eventually(
                "the delivery held by the rider", () -> dispatch.holder(id).equals(rider.id()));
        page.eventually(
                "the assigned delivery gone from the queue",
                () -> browser.findElements(By.cssSelector(row)).isEmpty());

        // the live map: the rider's load, and the marker moves as the rider reports positions
        page.navigate("Live map");
        String marker = "[data-testid=rider-marker][data-id='" + rider.id() + "']";
        page.eventually(
                "the rider on the map",
                () -> !browser.findElements(By.cssSelector(marker)).isEmpty());
        page.eventually(
                "the rider's load",
                () -> page.shown("[data-rider='" + rider.id() + "'] [data-testid=rider-load]")
                        .equals("load 1/1"));
        // no tile server answers here: the page draws the map itself (measured once it does, not across the switch)
        page.eventually(
                "the drawn map",
                () -> "drawing"
                        .equals(browser.findElement(By.cssSelector("[data-testid=live-map]"))
                                .getAttribute("data-map-mode")));
        page.click("[data-rider='" + rider.id() + "'] [data-testid=zoom]");
        page.eventually(
                "the map zoomed to the rider",
                () -> rider.id()
                        .equals(browser.findElement(By.cssSelector("[data-testid=live-map]"))
                                .getAttribute("data-zoomed-to")));
        double[] before = page.place(marker);
        locate(rider, LAT + 0.015);
        page.eventually(
                "the marker at the new position",
                () -> Math.abs(Double.parseDouble(browser.findElement(By.cssSelector(marker))
                                        .getAttribute("data-lat"))
                                - (LAT + 0.015))
                        < 1e-9);
        double[] after = page.place(marker);
        assertThat(after[1]).as("the marker moved north on the page").isLessThan(before[1] - 10);
        assertThat(after[0]).as("and not east or west").isCloseTo(before[0], offset(2.0));
        page.shoot("live-map");

        // the delivery's own page, the riders and the enrolment of the phone
        // as a link of the console opens it: ChromeDriver's full-page get of this page from the live map has hung
        // (three times now, on this machine, with the live stream open; cause unknown, see the closing notes)
        browser.executeScript("go(arguments[0])", "/console/deliveries/" + id);
        assertThat(page.visible("[data-testid=delivery]").getText()).contains("ASSIGNED");
        page.visible("[data-testid=decisions-table]");
        page.shoot("delivery-dispatcher");
        page.navigate("Riders");
        String riderRow = "[data-testid=riders-table] tr[data-id='" + rider.id() + "']";
        assertThat(page.visible(riderRow).getText())
                .contains(name)
                .contains("ON")
                .contains("1/1");
        page.shoot("riders");
        page.click(riderRow + " [data-testid=enrol]");
        String link = page.visible("[data-testid=enrolment-link]").getText();
        assertThat(link).contains("/rider#token=rdr_");
        WebElement qr = page.visible("[data-testid=qr]");
        assertThat(Integer.parseInt(qr.getAttribute("data-size"))).isGreaterThanOrEqualTo(21);
        assertThat((Boolean) browser.executeScript("""
                const canvas = arguments[0], pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
                let dark = 0;
                for (let i = 0; i < pixels.length; i += 4) if (pixels[i] === 0) dark++;
                return dark > 0 && dark < pixels.length / 4;""", qr))
                .as("the QR code is drawn on the canvas")
                .isTrue();
        page.shoot("riders-enrolment");
        // its capacity changed on the page, and a new rider made there, enrolled at once
        WebElement capacity = browser.findElement(By.cssSelector(riderRow + " input[name=maxActive]"));
        capacity.clear();
        capacity.sendKeys("2");
        page.click(riderRow + " [data-testid=save-capacity]");
        page.eventually("the rider's new capacity", () -> page.shown(riderRow).contains("1/2"));
        String newcomer = "Newcomer " + UUID.randomUUID().toString().substring(0, 4);
        page.type("name", newcomer);
        page.type("phone", "+254 711 000 444");
        page.submit("[data-testid=new-rider]");
        page.eventually(
                "the newcomer's enrolment",
                () -> page.shown("[data-testid=enrolment]").contains(newcomer));
        page.eventually(
                "the newcomer in the list",
                () -> page.shown("[data-testid=riders-table]").contains(newcomer));
        String newLink = page.visible("[data-testid=enrolment-link]").getText();
        String token = newLink.substring(newLink.indexOf("#token=") + "#token=".length());
        dispatch.call("GET", "/api/v1/rider/offers", rider(new Rider("newcomer", token)), null, 200);
        // a second delivery the operator fails shows among the exceptions
        String failed = dispatch.createDelivery(shop, """
        {"customerName":"Lokol Ekai","customerPhone":"+254 722 000 319","externalId":"console-%s",
         "pickup":{"address":"Lodwar Rd 2","lat":%s,"lng":%s},
         "dropoff":{"address":"Lodwar Rd 41","lat":%s,"lng":%s},"paymentType":"PREPAID"}""".formatted(UUID.randomUUID(), LAT, LNG, LAT - 0.01, LNG));
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + failed + "/fail",
                admin(),
                "{\"reasonCode\":\"OTHER\",\"detail\":\"the shop closed\"}",
                200);
        page.navigate("Exceptions");
        page.eventually("the failed delivery among the exceptions", () -> {
            if (!page.shown("[data-testid=failed]").contains(failed.substring(0, 8))) {
                page.navigate("Exceptions");
            }
            return page.shown("[data-testid=failed]").contains(failed.substring(0, 8))
                    && page.shown("[data-testid=failed]").contains("OTHER");
        });
        page.eventually(
                "the exceptions loaded",
                () -> !page.shown("[data-testid=dead-letters]").isEmpty());
        page.shoot("exceptions");
        page.navigate("Stats");
        page.eventually(
                "the stats", () -> !page.shown("[data-testid=stat-created]").isEmpty());
        page.shoot("stats");
        page.navigate("Policies");
        page.eventually(
                "the zone's policy", () -> page.shown("[data-testid=policies]").contains(zoneId));
        page.shoot("policies");
        page.signOut();
        page.shoot("signin");

        // the auditor reads the decisions, sees no assign button, and is refused the assign
        page.signIn(auditor, PASSWORD);
        assertThat(page.visible("[data-testid=role]").getText()).isEqualTo("AUDITOR");
        assertThat(browser.findElement(By.id("nav")).findElements(By.linkText("Queue")))
                .allMatch(link1 -> !link1.isDisplayed());
        // as a link of the console opens it (a full page load here twice hung ChromeDriver's get, cause unknown)
        browser.executeScript("go(arguments[0])", "/console/deliveries/" + id);
        page.eventually(
                "the engine's decision",
                () -> page.shown("[data-testid=decisions-table]").contains("NO_RIDER_IN_RADIUS"));
        assertThat(browser.findElements(By.cssSelector("[data-testid=assign]"))).isEmpty();
        page.shoot("delivery-auditor");
        Object refused = browser.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                fetch("/api/v1/console/me", { credentials: "same-origin" }).then((r) => r.json())
                  .then((me) => fetch(arguments[0], { method: "POST", credentials: "same-origin",
                    headers: { "Content-Type": "application/json", "X-CSRF-TOKEN": me.data.csrfToken },
                    body: JSON.stringify({ riderId: arguments[1] }) }))
                  .then(async (r) => done(`${r.status} ${(await r.json()).error.code}`))
                  .catch((e) => done(String(e)));""", "/api/v1/admin/dispatches/" + id + "/assign", rider.id());
        assertThat(refused).isEqualTo("403 FORBIDDEN");

        // what if the zone's day had run otherwise: the auditor compares it, recorded first (decisions.md section 17)
        browser.executeScript("go(arguments[0])", "/console/stats");
        page.visible("[data-testid=whatif-form]");
        browser.executeScript(
                "document.querySelector('[data-testid=whatif-day]').value = arguments[0];"
                        + "document.querySelector('[data-testid=whatif-zone]').value = arguments[1];",
                java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString(),
                zoneId);
        page.click("[data-testid=compare]");
        page.eventually(
                "the comparison of the zone's day",
                Duration.ofSeconds(150),
                () -> !browser.findElements(By.cssSelector("[data-testid=whatif-done]"))
                        .isEmpty());
        assertThat(browser.findElements(By.cssSelector("[data-testid=whatif-table] tbody tr")))
                .extracting(line -> line.getAttribute("data-mode"))
                .containsExactly("recorded", "RANKED", "BATCHED");
        assertThat(browser.findElements(By.cssSelector("[data-testid=whatif-line]")))
                .as("a line per row in the chart")
                .hasSize(3);
        assertThat(browser.findElements(By.cssSelector("[data-testid=whatif-line][data-mode=recorded] circle")))
                .as("the recorded delivery's hour")
                .isNotEmpty();
        assertThat(page.shown("[data-testid=whatif-legend]")).contains("recorded");
        assertThat(page.shown("[data-testid=whatif-travel]")).contains("straight line");
        page.shoot("stats-whatif");
        page.signOut();
    }

    /** An operator account made with the admin token; answers its email. */
    private static String operator(String role) throws Exception {
        String email = role.toLowerCase() + "-" + UUID.randomUUID() + "@example.com";
        dispatch.call(
                "POST",
                "/api/v1/admin/operators",
                admin(),
                "{\"email\":\"" + email + "\",\"password\":\"" + PASSWORD + "\",\"role\":\"" + role + "\"}",
                201);
        return email;
    }

    private static void locate(Rider rider, double lat) throws Exception {
        dispatch.call(
                "POST", "/api/v1/rider/location", rider(rider), "{\"lat\":%s,\"lng\":%s}".formatted(lat, LNG), 202);
    }
}
