package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The riders' app on a planned route, in headless Chromium through the whole running service: in a {@code BATCHED}
 * zone the engine gives the rider a delivery and plans its stops; the pickup still to make says when to be there,
 * not before (the planner counts on the rider arriving then, not waiting at the kitchen: ADR 0062), and the
 * drop-off its planned time. Screenshot: {@code target/screenshots/rider-planned-route}.
 */
class RiderAppBatchedRouteBrowserTest {

    /** Mandera: far from the other tests' places, so the engine plans for this test's rider alone. */
    private static final double LAT = 3.9366;

    private static final double LNG = 41.8670;
    private static final Duration ENGINE = Duration.ofSeconds(30);

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final Chromium chromium = Chromium.phone();

    private static final RiderAppScreen screen = new RiderAppScreen(chromium, dispatch.baseUrl);
    private static final RiderAppService service = new RiderAppService(dispatch, LAT, LNG);
    private static final ChromeDriver browser = chromium.driver();

    @Test
    void a_planned_pickup_says_when_to_be_there_and_the_drop_off_when_it_is_planned() throws Exception {
        service.zone("{\"mode\":\"BATCHED\"}");
        Merchant merchant = dispatch.newMerchant("Mandera Grocers");
        Rider rider = dispatch.newRider("Abdi Mandera");
        screen.onShift(dispatch.baseUrl, rider, "Abdi Mandera", service, LAT, LNG, ENGINE);

        String id = service.create(merchant, "Fatuma Hassan").get("id").asText();
        screen.eventually(
                "ASSIGNED by the planner", ENGINE, () -> service.status(id).equals("ASSIGNED"));
        screen.eventually(
                "both stops with their planned times", ENGINE, () -> planned().size() == 2);
        List<String> planned = planned();
        assertThat(planned.get(0)).matches("Be there at .+, not before: set off in time");
        assertThat(planned.get(1)).matches("Planned .+");
        assertThat(browser.findElements(By.cssSelector("[data-testid=stop]")).stream()
                        .map(stop -> stop.getDomAttribute("data-kind"))
                        .toList())
                .containsExactly("PICKUP", "DROPOFF");
        assertThat(service.delivery(id).get("estimatedPickupAt").isNull()).isFalse();
        screen.shoot("planned-route");

        // collected: the drop-off alone, still with its planned time, not the pickup's wording
        screen.click("[data-testid=step-pickup]");
        screen.eventually("PICKED_UP in the service", () -> service.status(id).equals("PICKED_UP"));
        screen.eventually(
                "the drop-off alone",
                () -> browser.findElements(By.cssSelector("[data-testid=stop]")).size() == 1
                        && planned().size() == 1);
        assertThat(planned().getFirst()).matches("Planned .+");
    }

    private static List<String> planned() {
        return browser.findElements(By.cssSelector("[data-testid=planned]")).stream()
                .map(element -> element.getText())
                .toList();
    }
}
