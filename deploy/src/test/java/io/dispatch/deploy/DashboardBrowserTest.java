package io.dispatch.deploy;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.infrastructure.WebhookReceiver;
import io.dispatch.simulator.trip.DoorOutcome;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The merchant dashboard in a real browser, through the whole running service: headless Chromium
 * signs up, makes a key, sets the webhook URL to a local receiver, creates a sandbox delivery,
 * watches it reach DELIVERED on its page as the simulated rider drives it, sees the webhooks sent
 * for it, and imports a CSV with one bad row, which creates nothing and names the row. Screenshots
 * of every page at a phone's and a desktop's width land in {@code target/screenshots/dashboard-*}.
 * {@link DashboardFormsBrowserTest} and {@link DashboardDeliveryBrowserTest} hold the dashboard's other browser tests.
 */
class DashboardBrowserTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final DashboardPage page = DashboardPage.onAPhone(dispatch.baseUrl);

    private static final ChromeDriver browser = page.browser();

    @Test
    void a_new_merchant_signs_up_sets_up_and_watches_a_sandbox_delivery_end_to_end() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // sign up: the first page is the checklist, nothing done yet
            page.open("/dashboard/signup");
            page.shoot("signup");
            page.signUpHere("Duka la Mama", "shop-" + UUID.randomUUID() + "@example.com");
            WebElement checklist = page.visible("[data-testid=checklist]");
            assertThat(checklist.findElements(By.cssSelector("li.done"))).isEmpty();
            page.shoot("checklist-empty");

            // the deliveries list's empty state
            page.navigate("Deliveries");
            page.visible("[data-testid=empty]");
            page.shoot("deliveries-empty");

            // a key, shown once with its copy button
            page.navigate("API keys");
            page.submit("[data-testid=new-key]");
            String apiKey = page.visible("[data-testid=secret]").getText();
            assertThat(apiKey).startsWith("key_");
            assertThat(page.visible("[data-testid=keys]").getText()).contains(apiKey.substring(0, apiKey.indexOf('.')));
            page.shoot("keys");
            dispatch.call("GET", "/api/v1/external/dispatches", DispatchUnderTest.merchant(apiKey), null, 200);

            // the webhook URL, to the local receiver; its secret shown once
            page.navigate("Webhooks");
            page.type("url", receiver.url());
            page.submit("[data-testid=webhook-url]");
            assertThat(page.visible("[data-testid=secret]").getText()).startsWith("whsec_");
            assertThat(page.visible("[data-testid=health]").getText()).contains("ACTIVE");
            page.shoot("webhooks");

            // a sandbox delivery the simulated riders will take to the door (the simulator decides by id which
            // deliveries fail there: one is made until its id is one that arrives)
            String id;
            do {
                id = page.newDelivery(
                        entry("customerName", "Achieng Otieno"),
                        entry("customerPhone", "+254 711 000 222"),
                        entry(
                                "externalId",
                                "DASH-" + UUID.randomUUID().toString().substring(0, 6)),
                        entry("pickup.address", "Kenyatta Ave 1, Nairobi"),
                        entry("pickup.lat", "-1.2841"),
                        entry("pickup.lng", "36.8219"),
                        entry("dropoff.address", "Ngong Rd 12, Nairobi"),
                        entry("dropoff.lat", "-1.3001"),
                        entry("dropoff.lng", "36.7833"),
                        entry("amountCents", "150000"));
            } while (DoorOutcome.failsAtTheDoor(UUID.fromString(id), DispatchUnderTest.SIMULATOR_FAIL_SHARE));
            page.visible("[data-testid=map]");
            assertThat(page.visible("[data-testid=tracking]").getText()).contains("/track/");

            // it moves on its page without a reload, to DELIVERED
            page.eventually(
                    "DELIVERED on the delivery's page",
                    DashboardPage.RIDE,
                    () -> page.status().equals("DELIVERED"));
            page.shoot("delivery-delivered");

            // its history names who did what, and the webhooks sent for it show with their codes, on the same page
            page.eventually(
                    "the delivered webhook in the attempts",
                    () -> page.shown("[data-testid=attempts]").contains("dispatch.delivered"));
            page.eventually(
                    "no PENDING webhook in the attempts",
                    () -> !page.shown("[data-testid=attempts]").contains("PENDING"));
            assertThat(page.visible("[data-testid=history]").getText())
                    .contains("DELIVERED")
                    .contains("rider");
            String attempts = page.visible("[data-testid=attempts]").getText();
            assertThat(attempts)
                    .contains("dispatch.created")
                    .contains("dispatch.delivered")
                    .contains("SUCCEEDED")
                    .contains("204");
            assertThat(receiver.received()).as("the receiver got the webhooks").isNotEmpty();
            page.shoot("delivery-attempts");

            // the webhooks page lists the recent attempts across deliveries
            page.navigate("Webhooks");
            page.eventually(
                    "the delivered webhook among the recent attempts",
                    () -> page.shown("[data-testid=recent-attempts]").contains("dispatch.delivered"));
            page.shoot("webhooks-attempts");

            // the list shows it, filtered by status
            page.open("/dashboard/deliveries?status=DELIVERED");
            assertThat(page.visible("[data-testid=deliveries]").getText()).contains("DELIVERED");
            page.shoot("deliveries");

            // a CSV with one bad row: the preview and the import name the row, and nothing is created
            page.navigate("Import CSV");
            WebElement csv = page.visible("[data-testid=csv]");
            csv.clear();
            csv.sendKeys("""
          customerName,customerPhone,externalId,pickup.address,pickup.lat,pickup.lng,dropoff.address,dropoff.lat,dropoff.lng,paymentType,amountCents
          Amina Njeri,+254 700 000 001,CSV-1,Kenyatta Ave 1,-1.2841,36.8219,Ngong Rd 12,-1.3001,36.7833,COD,150000
          Baraka Mwangi,not a phone,CSV-2,Kenyatta Ave 1,-1.2841,36.8219,Ngong Rd 14,-1.3005,36.7830,PREPAID,0
          """);
            page.click("[data-testid=preview]");
            String preview = page.visible("[data-testid=preview-result]").getText();
            assertThat(preview).contains("2 rows, 1 valid").contains("Line 3").contains("customerPhone");
            page.click("[data-testid=import]");
            String refused = page.visible("[data-testid=import-result] [data-testid=error]")
                    .getText();
            assertThat(refused).contains("Line 3").contains("customerPhone").doesNotContain("Line 2");
            page.shoot("import-bad-row");
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
            page.navigate("Shopify");
            page.type("shopDomain", "duka-la-mama.myshopify.com");
            page.type("webhookSecret", "shpss_from_the_browser");
            page.type("pickup.address", "Moi Avenue 1, Nairobi");
            page.type("pickup.lat", "-1.2841");
            page.type("pickup.lng", "36.8233");
            page.submit("[data-testid=shopify]");
            String receiveUrl = page.visible("[data-testid=receive-url]").getText();
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
            page.open("/dashboard/integrations");
            assertThat(page.visible("[data-testid=orders]").getText()).contains("CREATED");
            page.shoot("shopify");

            // the checklist is done, and the overview counts the day
            page.navigate("Get started");
            page.eventually(
                    "four steps done in the checklist",
                    () -> browser.findElement(By.cssSelector("[data-testid=checklist]"))
                                    .findElements(By.cssSelector("li.done"))
                                    .size()
                            == 4);
            page.shoot("checklist-done");
            page.navigate("Overview");
            assertThat(page.visible("[data-testid=daily]").getText()).isNotBlank();
            assertThat(Integer.parseInt(
                            page.visible("[data-testid=kpi-created]").getText()))
                    .isGreaterThanOrEqualTo(1);
            page.shoot("overview");

            // sign out: the pages ask to sign in again
            page.click("#signout");
            page.eventually("the sign-in address", () -> browser.getCurrentUrl().endsWith("/dashboard/signin"));
            page.open("/dashboard/keys");
            page.eventually("the sign-in address", () -> browser.getCurrentUrl().endsWith("/dashboard/signin"));
            page.visible("[data-testid=signin]");
        }
    }
}
