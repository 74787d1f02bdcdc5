package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The customer's tracking page in a real browser: headless Chromium on a phone-sized window
 * opens {@code /track/<token>} of the whole running service, shows NEW, and then, without a
 * reload, follows the rider's accept, moves, pick-up, departure and delivery as they happen.
 * Screenshots of each stage land in {@code target/screenshots/}.
 */
class TrackingPageBrowserTest {

  private static final int WIDTH = 412;
  private static final int HEIGHT = 915;
  private static final Path SCREENSHOTS = Chromium.BUILD.resolve("screenshots");
  private static final Duration LIVE = Duration.ofSeconds(10);
  /** Kisumu: away from the other tests' Nairobi and Mombasa deliveries and their riders' offers. */
  private static final double LAT = -0.0917;
  private static final double LNG = 34.7680;

  private static DispatchUnderTest dispatch;
  private static Merchant merchant;
  private static Chromium chromium;
  private static ChromeDriver browser;

  @BeforeAll
  static void start() throws Exception {
    chromium = Chromium.start(WIDTH, HEIGHT);
    browser = chromium.driver();
    System.out.println("Browser: " + Chromium.versions() + ", " + browser.getCapabilities().getBrowserVersion());
    dispatch = DispatchUnderTest.get();
    merchant = dispatch.newMerchant("Tracking page");
  }

  @AfterAll
  static void stop() {
    if (chromium != null) {
      chromium.close();
    }
  }

  @Test
  void the_page_shows_new_then_follows_the_rider_live_without_a_reload_until_delivered() throws Exception {
    JsonNode created = dispatch.call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), """
        {"customerName":"Achieng Odhiambo","customerPhone":"+254 700 000 031","externalId":"KSM-1042",
         "pickup":{"address":"Oginga Odinga St, Kisumu","lat":%s,"lng":%s},
         "dropoff":{"address":"Milimani Rd 7, Kisumu","lat":-0.1000,"lng":34.7550},
         "paymentType":"PREPAID"}""".formatted(LAT, LNG), 201).data();
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
    assertThat(browser.findElement(By.id("map")).isDisplayed()).as("no map before there is a position").isFalse();
    assertThat(browser.executeScript("return [window.innerWidth, document.documentElement.scrollWidth]"))
        .as("a phone-wide window and nothing wider than it").isEqualTo(List.of(412L, 412L));
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
    for (int fix = 0; fix < 3; fix++) {
      dispatch.call("POST", "/api/v1/rider/location", rider(rider),
          "{\"lat\":" + (LAT - fix * 0.003) + ",\"lng\":" + (LNG - fix * 0.004) + "}", 202);
    }
    await().atMost(LIVE).untilAsserted(() -> {
      assertThat(browser.findElement(By.id("map")).isDisplayed()).isTrue();
      assertThat(browser.findElement(By.id("dot")).getDomAttribute("visibility")).isEqualTo("visible");
      assertThat(browser.findElement(By.id("trail")).getDomAttribute("d")).matches("M[^L]+( L[^L]+){2,}");
    });
    dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(rider), null, 200);
    dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/depart", rider(rider), null, 200);
    await().atMost(LIVE).untilAsserted(() -> {
      assertThat(shownStatus()).isEqualTo("IN_TRANSIT");
      assertThat(text("status")).isEqualTo("On the way");
      assertThat(timeline()).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT");
    });
    assertThat(text("timeline")).contains("Order received", "Rider assigned", "Parcel collected", "On the way");
    assertThat(text("conn")).isEqualTo("Live");
    assertThat(browser.executeScript("return window.__marker")).as("no reload").isEqualTo(42L);
    screenshot("tracking-page-in-transit.png");

    dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/deliver", rider(rider),
        "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"Achieng\",\"pin\":\"" + pin + "\"}}", 200);
    await().atMost(LIVE).untilAsserted(() -> {
      assertThat(shownStatus()).isEqualTo("DELIVERED");
      assertThat(text("status")).isEqualTo("Delivered");
      assertThat(timeline()).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED");
    });
    assertThat(text("conn")).as("the stream ended with the delivery").isEmpty();
    assertThat(browser.findElement(By.id("pin-card")).isDisplayed()).as("no PIN to give once delivered").isFalse();
    assertThat(browser.executeScript("return window.__marker")).as("no reload").isEqualTo(42L);
    assertThat(browser.executeScript("return performance.getEntriesByType('navigation').length")).isEqualTo(1L);
    screenshot("tracking-page-delivered.png");

    for (String name : List.of("tracking-page-new.png", "tracking-page-in-transit.png", "tracking-page-delivered.png")) {
      byte[] png = Files.readAllBytes(SCREENSHOTS.resolve(name));
      assertThat(png).as(name).startsWith(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
      assertThat(image).as(name).isNotNull();
      assertThat(image.getWidth()).as(name).isEqualTo(WIDTH);
    }
  }

  /** The element's text as the browser renders it (what a person sees). */
  private static String text(String id) {
    return browser.findElement(By.id(id)).getText();
  }

  private static String shownStatus() {
    return browser.findElement(By.tagName("body")).getDomAttribute("data-status");
  }

  private static List<String> timeline() {
    return browser.findElements(By.cssSelector("#timeline li")).stream()
        .map(li -> li.getDomAttribute("data-status")).toList();
  }

  private static void screenshot(String name) throws Exception {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name), browser.getScreenshotAs(OutputType.BYTES));
  }
}
