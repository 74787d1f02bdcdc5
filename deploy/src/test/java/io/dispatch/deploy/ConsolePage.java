package io.dispatch.deploy;

/**
 * The console as a person uses it in {@link ConsoleBrowserTest}: a {@link BrowserPage} with the console's sign-in
 * and sign-out and where a marker is drawn; screenshots into {@code target/screenshots/console-*}.
 */
final class ConsolePage extends BrowserPage {

    ConsolePage(Chromium chromium, String baseUrl) {
        super(chromium, baseUrl, "console");
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
        reveal("signout");
        click("#signout");
        eventually("the sign-in page", () -> browser.getCurrentUrl().endsWith("/console/signin"));
    }

    /** Where the element's centre is drawn on the page: {x, y} in CSS pixels. */
    double[] place(String css) {
        String xy = String.valueOf(browser.executeScript(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                        + " return `${r.x + r.width / 2} ${r.y + r.height / 2}`;",
                css));
        String[] parts = xy.split(" ");
        return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1])};
    }
}
