package io.dispatch.deploy;

import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The rider app as a person on a phone sees it, for {@link RiderAppBrowserTest}: a {@link BrowserPage} with the
 * phone's position and connection; screenshots into {@code target/screenshots/rider-*}.
 */
final class RiderAppScreen extends BrowserPage {

    /** {@code baseUrl} is where the app is reached: the service, or a proxy in front of it. */
    RiderAppScreen(Chromium chromium, String baseUrl) {
        super(chromium, baseUrl, "rider");
    }

    /** The phone shares its position (granted, and at this place) with the app's origin. */
    void placeAt(String origin, double lat, double lng) {
        browser.executeCdpCommand(
                "Browser.grantPermissions", Map.of("origin", origin, "permissions", List.of("geolocation")));
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

    /**
     * The rider enrols from its link on a phone {@code 0.003}° south of ({@code lat}, {@code lng}), goes on shift, and
     * the engine counts it in within {@code engine}: where every test of the rider app that needs offers starts.
     */
    void onShift(
            String baseUrl, Rider rider, String name, RiderAppService service, double lat, double lng, Duration engine)
            throws Exception {
        placeAt(baseUrl, lat - 0.003, lng);
        browser.get(baseUrl + "/rider#token=" + rider.token());
        eventually("the rider's name", () -> shown("[data-testid=rider-name]").equals(name));
        click("[data-testid=shift]");
        eventually("the rider eligible for the engine", engine, () -> service.eligible(rider.id()));
    }
}
