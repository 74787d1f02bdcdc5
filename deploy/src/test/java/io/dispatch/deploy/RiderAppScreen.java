package io.dispatch.deploy;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import org.awaitility.core.ConditionTimeoutException;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The rider app as a person on a phone sees it, for {@link RiderAppBrowserTest}: waiting for what
 * shows, pressing what is pressable, the phone's position and connection, and screenshots at a
 * phone's and a desktop's size ({@code target/screenshots/rider-*}).
 */
final class RiderAppScreen {

    static final Duration PAGE = Duration.ofSeconds(15);

    private final Chromium chromium;
    private final ChromeDriver browser;

    RiderAppScreen(Chromium chromium) {
        this.chromium = chromium;
        this.browser = chromium.driver();
    }

    ChromeDriver browser() {
        return browser;
    }

    /** The phone shares its position (granted, and at this place) with the app's origin. */
    void placeAt(String origin, double lat, double lng) {
        browser.executeCdpCommand(
                "Browser.grantPermissions", Map.of("origin", origin, "permissions", java.util.List.of("geolocation")));
        browser.executeCdpCommand(
                "Emulation.setGeolocationOverride", Map.of("latitude", lat, "longitude", lng, "accuracy", 5));
    }

    /** The page's network on or off, as the phone's would be (navigator.onLine and its events follow). */
    void network(boolean online) {
        browser.executeCdpCommand("Network.enable", Map.of());
        browser.executeCdpCommand(
                "Network.emulateNetworkConditions",
                Map.of("offline", !online, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
    }

    WebElement visible(String css) {
        try {
            return await().atMost(PAGE)
                    .ignoreExceptions()
                    .until(() -> browser.findElement(By.cssSelector(css)), WebElement::isDisplayed);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(css + " not shown within " + PAGE + "; " + whereWeAre(), e);
        }
    }

    /** The element's text once it shows. */
    String text(String css) {
        return visible(css).getText();
    }

    void click(String css) {
        try {
            await().atMost(PAGE)
                    .ignoreExceptions()
                    .until(
                            () -> browser.findElement(By.cssSelector(css)),
                            element -> element.isDisplayed() && element.isEnabled())
                    .click();
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("nothing to press at " + css + " within " + PAGE + "; " + whereWeAre(), e);
        }
    }

    void type(String name, String value) {
        WebElement field = await().atMost(PAGE)
                .ignoreExceptions()
                .until(() -> browser.findElement(By.name(name)), WebElement::isDisplayed);
        field.clear();
        field.sendKeys(value);
    }

    void eventually(String what, Callable<Boolean> condition) {
        eventually(what, PAGE, condition);
    }

    /** Waits for what a person would see; when it does not come, says where the page was. */
    void eventually(String what, Duration wait, Callable<Boolean> condition) {
        try {
            await().atMost(wait).ignoreExceptions().until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(what + ": not within " + wait + "; " + whereWeAre(), e);
        }
    }

    /** The element's text, "" while it is not there. */
    String shown(String css) {
        return browser.findElements(By.cssSelector(css)).stream()
                .findFirst()
                .map(WebElement::getText)
                .orElse("");
    }

    /** The page at a phone's size, then at a desktop's. */
    void shoot(String name) throws Exception {
        chromium.screenshot("rider-" + name + "-phone.png");
        chromium.atDesktopSize(PAGE, () -> chromium.screenshot("rider-" + name + "-desktop.png"));
    }

    /** Where the page was when a wait gave up: its address and text, and a screenshot. */
    String whereWeAre() {
        try {
            chromium.screenshot("rider-failure-phone.png");
        } catch (Exception e) {
            // the address and text still say where we were
        }
        return "at " + browser.getCurrentUrl() + ", the page says: "
                + browser.executeScript("return document.body.innerText");
    }
}
