package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The merchant dashboard's forms in a real browser, through the whole running service: a wrong password answered in
 * the sign-in form, and the page's message (a "toast"), which never covers a control of a form on a phone's screen or
 * a desktop's. Screenshots in {@code target/screenshots/dashboard-*}.
 */
class DashboardFormsBrowserTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final DashboardPage page = DashboardPage.onAPhone(dispatch.baseUrl);

    private static final ChromeDriver browser = page.browser();

    @Test
    void a_wrong_password_shows_the_error_in_the_form_and_signs_nobody_in() throws Exception {
        page.open("/dashboard/signin");
        page.type("email", "nobody-" + UUID.randomUUID() + "@example.com");
        page.type("password", "not the password at all");
        page.submit("[data-testid=signin]");
        assertThat(page.visible("[data-testid=error]").getText()).contains("Wrong email or password");
        assertThat(browser.getCurrentUrl()).endsWith("/dashboard/signin");
        page.shoot("signin-error");
    }

    @Test
    void a_message_the_page_shows_never_covers_a_control_a_person_would_press() throws Exception {
        page.signUp("Toast Test", "toast-" + UUID.randomUUID() + "@example.com");
        page.navigate("New delivery");
        page.visible("[data-testid=new-delivery]");
        // the dashboard's longest message
        page.showMessage("Enabled: everything kept is being sent");
        assertThat(page.visible("#toast").getText()).isEqualTo("Enabled: everything kept is being sent");

        assertThat(page.controlsCoveredAtTheFootOfTheScreen())
                .as(
                        "controls that a click at their centre does not reach, each scrolled to the foot of a phone's screen"
                                + " as WebDriver scrolls it (and as a thumb finds the last button of a form)")
                .isEmpty();
        assertThat(page.messageInsideTheHeader())
                .as("the message sits in the header, so it covers nothing the header does not")
                .isTrue();
        page.submit("[data-testid=new-delivery]");
        page.shoot("message");
        page.atDesktopSize(() -> {
            assertThat(page.controlsCoveredAtTheFootOfTheScreen()).isEmpty();
            assertThat(page.messageInsideTheHeader()).isTrue();
        });
    }
}
