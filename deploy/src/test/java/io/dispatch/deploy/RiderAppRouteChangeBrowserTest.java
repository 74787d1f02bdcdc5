package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The riders' app when a delivery leaves the rider's route before it is collected, in headless Chromium through the
 * whole running service: the rider accepts an offer, then an operator gives the delivery to another rider (as the
 * route planner's moves do, ADR 0061); the stop leaves the app's route and a notice says why. Screenshot: {@code
 * target/screenshots/rider-moved-away}.
 */
class RiderAppRouteChangeBrowserTest {

    /** Marsabit: far from the other tests' places, so the offers go to this test's rider alone. */
    private static final double LAT = 2.3284;

    private static final double LNG = 37.9899;
    private static final Duration ENGINE = Duration.ofSeconds(30);

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final Chromium chromium = Chromium.phone();

    private static final RiderAppScreen screen = new RiderAppScreen(chromium, dispatch.baseUrl);
    private static final RiderAppService service = new RiderAppService(dispatch, LAT, LNG);
    private static final ChromeDriver browser = chromium.driver();

    @Test
    void a_delivery_given_to_another_rider_leaves_the_route_with_a_notice() throws Exception {
        service.zone("{\"mode\":\"RANKED\",\"offerTimeout\":\"PT10M\"}");
        Merchant merchant = dispatch.newMerchant("Marsabit Grocers");
        Rider rider = dispatch.newRider("Galgalo Boru");
        Rider other = dispatch.newRider("Halake Dida");
        screen.onShift(dispatch.baseUrl, rider, "Galgalo Boru", service, LAT, LNG, ENGINE);

        String id = service.create(merchant, "Wario Guyo").get("id").asText();
        screen.click("[data-testid=offer][data-dispatch='" + id + "'] [data-testid=accept]");
        screen.eventually("ASSIGNED in the service", () -> service.status(id).equals("ASSIGNED"));
        screen.eventually(
                "the pickup on the route",
                () -> !browser.findElements(By.cssSelector("[data-testid=step-pickup]"))
                        .isEmpty());
        assertThat(screen.shown("[data-testid=toast]")).doesNotContain("left your route");

        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                admin(),
                "{\"riderId\":\"" + other.id() + "\"}",
                200);

        screen.eventually(
                "the notice", () -> screen.shown("[data-testid=toast]").contains("left your route"));
        screen.eventually(
                "an empty route",
                () -> screen.shown("[data-testid=route-empty]").equals("Nothing to carry."));
        assertThat(service.delivery(id).get("riderId").asText()).isEqualTo(other.id());
        screen.shoot("moved-away");
    }
}
