package io.dispatch.deploy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;

/**
 * The merchant dashboard as a person uses it, for the dashboard's browser tests ({@link DashboardBrowserTest},
 * {@link DashboardFormsBrowserTest}, {@link DashboardDeliveryBrowserTest}): a {@link BrowserPage} with the sign-up, the
 * New delivery form, a delivery's status and waiting line, and the page's message; screenshots into {@code
 * target/screenshots/dashboard-*}.
 */
final class DashboardPage extends BrowserPage {

    /** How long a simulated rider may take a sandbox delivery to its end. */
    static final Duration RIDE = Duration.ofSeconds(60);

    private DashboardPage(Chromium chromium, String baseUrl) {
        super(chromium, baseUrl, "dashboard");
    }

    /** The dashboard of the service at {@code baseUrl}, in a browser of its own that starts at a phone's size. */
    static DashboardPage onAPhone(String baseUrl) {
        return new DashboardPage(Chromium.phone(), baseUrl);
    }

    /** Signs a new merchant up from the sign-up page, and waits for the checklist it lands on. */
    void signUp(String businessName, String email) {
        open("/dashboard/signup");
        signUpHere(businessName, email);
    }

    /** Signs a new merchant up on the sign-up page already open. */
    void signUpHere(String businessName, String email) {
        type("businessName", businessName);
        type("email", email);
        type("password", "a long enough password");
        submit("[data-testid=signup]");
        eventually("the checklist's address", () -> browser.getCurrentUrl().endsWith("/dashboard/start"));
    }

    /** A delivery made on the New delivery page, its fields filled in in this order; its id, once its page shows. */
    @SafeVarargs
    final String newDelivery(Map.Entry<String, String>... fields) {
        navigate("New delivery");
        for (Map.Entry<String, String> field : fields) {
            type(field.getKey(), field.getValue());
        }
        submit("[data-testid=new-delivery]");
        eventually(
                "the new delivery's address",
                () -> browser.getCurrentUrl().matches(".*/dashboard/deliveries/[0-9a-f-]{36}$"));
        return browser.getCurrentUrl().substring(browser.getCurrentUrl().lastIndexOf('/') + 1);
    }

    /** The status badge's text, or "" while there is none (or the live page is replacing it as it is read). */
    String status() {
        try {
            return shown("[data-testid=status] .badge");
        } catch (StaleElementReferenceException replaced) {
            return "";
        }
    }

    boolean waitingLineShown() {
        return browser.findElements(By.cssSelector("[data-testid=waiting]")).stream()
                .anyMatch(WebElement::isDisplayed);
    }

    /** From now on, each text the waiting line shows is kept as the page draws it, for {@link #waitingSeen}. */
    void recordWaitingLines() {
        browser.executeScript("""
                window.waitingSeen = [];
                new MutationObserver(() => {
                  const line = document.querySelector("[data-testid=waiting]");
                  if (line && !line.hidden && !window.waitingSeen.includes(line.textContent)) {
                    window.waitingSeen.push(line.textContent);
                  }
                }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });""");
    }

    @SuppressWarnings("unchecked")
    List<String> waitingSeen() {
        return (List<String>) browser.executeScript("return window.waitingSeen || []");
    }

    /**
     * The page's message with this text, shown as toast() shows it: a real one hides itself after 3.5 s, and a test
     * that raced it would pass whenever it lost the race.
     */
    void showMessage(String text) {
        browser.executeScript(
                "const toast = document.getElementById('toast'); toast.textContent = arguments[0]; toast.hidden = false;",
                text);
    }

    /**
     * Each control of the page scrolled to the bottom edge of the screen ({@code block: 'end'}, as WebDriver scrolls
     * one before a click), then the element a click at its centre lands on: the controls it is not one of.
     */
    @SuppressWarnings("unchecked")
    List<String> controlsCoveredAtTheFootOfTheScreen() {
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

    boolean messageInsideTheHeader() {
        return (Boolean) browser.executeScript("""
                const toast = document.getElementById("toast").getBoundingClientRect();
                const header = document.querySelector("header").getBoundingClientRect();
                return toast.height > 0 && toast.top >= header.top && toast.bottom <= header.bottom
                  && toast.left >= header.left && toast.right <= header.right;""");
    }

    /**
     * What the merchant API answers the session now, for {@link #whereWeAre} (a 429 there would mean the dashboard
     * spent the session's rate limit).
     */
    @Override
    String alsoSays() {
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
        return ", the API answers the session " + api;
    }
}
