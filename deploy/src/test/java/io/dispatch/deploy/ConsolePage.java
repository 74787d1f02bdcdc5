package io.dispatch.deploy;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.Callable;
import org.awaitility.core.ConditionTimeoutException;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The console as a person uses it in {@link ConsoleBrowserTest}: open a page, press what is shown,
 * wait for what a person would see (and, when it does not come, say where the page was), and
 * screenshots at a phone's and a desktop's size into {@code target/screenshots/console-*}.
 */
final class ConsolePage {

    static final Duration PAGE = Duration.ofSeconds(15);

    private final Chromium chromium;
    private final ChromeDriver browser;
    private final String baseUrl;

    ConsolePage(Chromium chromium, String baseUrl) {
        this.chromium = chromium;
        this.browser = chromium.driver();
        this.baseUrl = baseUrl;
    }

    void signIn(String email, String password) throws Exception {
        open("/console/signin");
        type("email", email);
        type("password", password);
        if (email.startsWith("dispatcher")) {
            shoot("signin-filled");
        }
        submit("[data-testid=signin]");
        eventually(
                "the live map after the sign-in", () -> browser.getCurrentUrl().endsWith("/console"));
    }

    void signOut() {
        eventually(
                "the menu or the navigation",
                () -> browser.findElement(By.id("menu")).isDisplayed()
                        || browser.findElement(By.id("signout")).isDisplayed());
        if (!browser.findElement(By.id("signout")).isDisplayed()) {
            click("#menu");
        }
        click("#signout");
        eventually("the sign-in page", () -> browser.getCurrentUrl().endsWith("/console/signin"));
    }

    /** Where the marker is drawn on the page, in CSS pixels. */
    /** Where the element's centre is drawn on the page: {x, y} in CSS pixels. */
    double[] place(String css) {
        String xy = String.valueOf(browser.executeScript(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                        + " return `${r.x + r.width / 2} ${r.y + r.height / 2}`;",
                css));
        String[] parts = xy.split(" ");
        return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1])};
    }

    void open(String path) {
        browser.get(baseUrl + path);
    }

    /** A link of the navigation (on a phone it sits behind the menu button). */
    void navigate(String text) {
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

    WebElement visible(String css) {
        try {
            return await().atMost(PAGE)
                    .ignoreExceptions()
                    .until(() -> browser.findElement(By.cssSelector(css)), WebElement::isDisplayed);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(css + " not shown within " + PAGE + "; " + whereWeAre(), e);
        }
    }

    void eventually(String what, Callable<Boolean> condition) {
        eventually(what, PAGE, condition);
    }

    void eventually(String what, Duration wait, Callable<Boolean> condition) {
        try {
            await().atMost(wait).ignoreExceptions().until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(what + ": not within " + wait + "; " + whereWeAre(), e);
        }
    }

    String shown(String css) {
        return browser.findElements(By.cssSelector(css)).stream()
                .findFirst()
                .map(WebElement::getText)
                .orElse("");
    }

    String whereWeAre() {
        try {
            chromium.screenshot("console-failure-phone.png");
        } catch (Exception e) {
            // the address and text still say where we were
        }
        return "at " + browser.getCurrentUrl() + ", the page says: "
                + browser.executeScript("return document.body.innerText");
    }

    void type(String name, String value) {
        WebElement field = await().atMost(PAGE)
                .ignoreExceptions()
                .until(() -> browser.findElement(By.name(name)), WebElement::isDisplayed);
        field.clear();
        field.sendKeys(value);
    }

    void submit(String form) {
        clickable(() -> visible(form).findElement(By.cssSelector("button[type=submit]")))
                .click();
    }

    void click(String css) {
        clickable(() -> browser.findElement(By.cssSelector(css))).click();
    }

    WebElement clickable(Callable<WebElement> find) {
        try {
            return await().atMost(PAGE)
                    .ignoreExceptions()
                    .until(find, element -> element.isDisplayed() && element.isEnabled());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("nothing to press within " + PAGE + "; " + whereWeAre(), e);
        }
    }

    /** The page at a phone's size, then at a desktop's. */
    void shoot(String name) throws Exception {
        chromium.screenshot("console-" + name + "-phone.png");
        chromium.atDesktopSize(PAGE, () -> chromium.screenshot("console-" + name + "-desktop.png"));
    }
}
