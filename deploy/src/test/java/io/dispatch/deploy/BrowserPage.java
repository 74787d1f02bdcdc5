package io.dispatch.deploy;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.Callable;
import org.awaitility.core.ConditionTimeoutException;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * A page of the running service in headless Chromium as a person uses it, for the browser tests: open a page, wait
 * for what a person would see (and, when it does not come, say where the page was), press what is shown, type, and
 * screenshots at a phone's and a desktop's size into {@code target/screenshots/<name>-*}. {@link ConsolePage},
 * {@link DashboardPage} and {@link RiderAppScreen} add what their pages have of their own.
 */
class BrowserPage implements AutoCloseable {

    static final Duration PAGE = Duration.ofSeconds(15);

    protected final Chromium chromium;
    protected final ChromeDriver browser;
    private final String baseUrl;
    private final String name;

    /** {@code name} starts the names of the page's screenshots: {@code console}, {@code dashboard}, {@code rider}. */
    BrowserPage(Chromium chromium, String baseUrl, String name) {
        this.chromium = chromium;
        this.browser = chromium.driver();
        this.baseUrl = baseUrl;
        this.name = name;
    }

    ChromeDriver browser() {
        return browser;
    }

    /** A full-page load of the path. */
    void open(String path) {
        browser.get(baseUrl + path);
    }

    /** A link of the navigation (on a phone it sits behind the menu button, shown once the page knows who is in). */
    void navigate(String text) {
        reveal("nav");
        clickable(
                        "in the navigation: " + text,
                        () -> browser.findElement(By.id("nav")).findElement(By.linkText(text)))
                .click();
    }

    /** Shows the element with this id, a part of the header that on a phone sits behind the menu button. */
    void reveal(String id) {
        eventually(
                "the menu or " + id,
                () -> browser.findElement(By.id("menu")).isDisplayed()
                        || browser.findElement(By.id(id)).isDisplayed());
        if (!browser.findElement(By.id(id)).isDisplayed()) {
            click("#menu");
        }
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

    /** The element's text, "" while it is not there. */
    String shown(String css) {
        return browser.findElements(By.cssSelector(css)).stream()
                .findFirst()
                .map(WebElement::getText)
                .orElse("");
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

    void type(String field, String value) {
        WebElement input = await().atMost(PAGE)
                .ignoreExceptions()
                .until(() -> browser.findElement(By.name(field)), WebElement::isDisplayed);
        input.clear();
        input.sendKeys(value);
    }

    /** Presses the form's submit button once it is shown and enabled (a form disables it while its call runs). */
    void submit(String form) {
        clickable("in " + form, () -> visible(form).findElement(By.cssSelector("button[type=submit]")))
                .click();
    }

    void click(String css) {
        clickable("at " + css, () -> browser.findElement(By.cssSelector(css))).click();
    }

    /**
     * The element once a person could press it: shown and enabled. Not once nothing covers it: a control covered by
     * the page's own message is a fault of the page, which {@link
     * DashboardFormsBrowserTest#a_message_the_page_shows_never_covers_a_control_a_person_would_press} holds, not
     * something to wait out.
     */
    WebElement clickable(String where, Callable<WebElement> find) {
        try {
            return await().atMost(PAGE)
                    .ignoreExceptions()
                    .until(find, element -> element.isDisplayed() && element.isEnabled());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("nothing to press " + where + " within " + PAGE + "; " + whereWeAre(), e);
        }
    }

    /** The page at a phone's size, then at a desktop's. */
    void shoot(String shot) throws Exception {
        chromium.screenshot(name + "-" + shot + "-phone.png");
        atDesktopSize(() -> chromium.screenshot(name + "-" + shot + "-desktop.png"));
    }

    /** The page at a desktop's size while the action runs, then at the phone's again. */
    void atDesktopSize(Chromium.Action action) throws Exception {
        chromium.atDesktopSize(PAGE, action);
    }

    /** Where the page was when a wait gave up: its address, {@link #alsoSays}, its text, and a screenshot. */
    String whereWeAre() {
        try {
            chromium.screenshot(name + "-failure-phone.png");
        } catch (Exception e) {
            // the address and text still say where we were
        }
        return "at " + browser.getCurrentUrl() + alsoSays() + ", the page says: "
                + browser.executeScript("return document.body.innerText");
    }

    /** What a page knows besides its address and text when a wait gives up, put between the two; nothing here. */
    String alsoSays() {
        return "";
    }

    /** Quits the browser (see {@link Chromium#close}). */
    @Override
    public void close() {
        chromium.close();
    }
}
