package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The riders' app's other answers, in headless Chromium through the whole running service: the
 * rider declines an offer (it leaves the app and the rider's offers, the delivery stays NEW), then
 * takes the next one, collects it and reports that it cannot be delivered, with a reason the form
 * insists on explaining. Screenshots: {@code target/screenshots/rider-fail-*}.
 */
class RiderAppDeclineAndFailBrowserTest {

    /** Lodwar: far from the other tests' places, so the offers go to this test's rider alone. */
    private static final double LAT = 3.1191;

    private static final double LNG = 35.5973;
    private static final Duration ENGINE = Duration.ofSeconds(30);

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final Chromium chromium = Chromium.phone();

    private static final RiderAppScreen screen = new RiderAppScreen(chromium, dispatch.baseUrl);
    private static final RiderAppService service = new RiderAppService(dispatch, LAT, LNG);
    private static final ChromeDriver browser = chromium.driver();

    @Test
    void a_rider_declines_an_offer_then_reports_a_failure_with_its_reason() throws Exception {
        service.zone("{\"mode\":\"RANKED\",\"offerTimeout\":\"PT10M\"}");
        Merchant merchant = dispatch.newMerchant("Lodwar Hardware");
        Rider rider = dispatch.newRider("Ekai Lokol");
        screen.onShift(dispatch.baseUrl, rider, "Ekai Lokol", service, LAT, LNG, ENGINE);

        // declined: gone from the app and from the rider's offers; the delivery waits for someone else
        String declined = service.create(merchant, "Nakiru Ekal").get("id").asText();
        String offer = "[data-testid=offer][data-dispatch='" + declined + "']";
        screen.click(offer + " [data-testid=decline]");
        screen.eventually(
                "the offer gone",
                () -> browser.findElements(By.cssSelector(offer)).isEmpty());
        assertThat(dispatch.call("GET", "/api/v1/rider/offers", DispatchUnderTest.rider(rider), null, 200)
                        .data()
                        .findValuesAsText("dispatchId"))
                .doesNotContain(declined);
        assertThat(service.status(declined)).isEqualTo("NEW");

        // the next one: accepted, collected, and not deliverable
        String failing = service.create(merchant, "Akai Ewoi").get("id").asText();
        screen.click("[data-testid=offer][data-dispatch='" + failing + "'] [data-testid=accept]");
        screen.click("[data-testid=step-pickup]");
        screen.eventually(
                "PICKED_UP in the service", () -> service.status(failing).equals("PICKED_UP"));
        screen.click("[data-testid=step-fail]");
        screen.click("select[name=reasonCode] option[value=OTHER]");
        screen.click("[data-testid=fail-submit]");
        assertThat(screen.text("#fail-error")).isEqualTo("Say what happened");
        screen.type("detail", "The gate is locked and nobody answers");
        screen.shoot("fail-form");
        screen.click("[data-testid=fail-submit]");
        screen.eventually("FAILED in the service", () -> service.status(failing).equals("FAILED"));
        JsonNode failed = service.delivery(failing);
        assertThat(failed.get("failureReason").asText()).isEqualTo("OTHER");
        assertThat(failed.get("failureDetail").asText()).isEqualTo("The gate is locked and nobody answers");
        screen.eventually(
                "an empty route",
                () -> screen.shown("[data-testid=route-empty]").equals("Nothing to carry."));
        screen.shoot("fail-done");
    }
}
