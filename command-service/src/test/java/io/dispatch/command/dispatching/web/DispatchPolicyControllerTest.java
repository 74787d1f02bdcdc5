package io.dispatch.command.dispatching.web;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.pricing.PricingSchedule;
import io.dispatch.command.pricing.Zone;
import io.dispatch.command.pricing.admin.ZoneAdministration;
import io.dispatch.command.web.ControllerClient;
import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.identity.OperatorPrincipal;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The operator's policy routes against the real store. Each test sets the policy of a zone of its
 * own, far from where the other tests of the context pick up (zone {@code default} and nairobi-cbd
 * are left alone: deliveries created under them expect MANUAL).
 */
class DispatchPolicyControllerTest extends CommandServiceIntegrationTest {

    private static final String PATH = "/api/v1/admin/dispatch/policies";

    @Autowired
    DispatchPolicyController controller;

    @Autowired
    ZoneAdministration zones;

    @Autowired
    ApiErrorHandler errors;

    private WebTestClient client;

    @BeforeEach
    void bind() {
        client = ControllerClient.bind(controller, errors, new OperatorPrincipal("ops-lead"));
    }

    /** A zone of the test's own in the Gulf of Guinea, where no delivery of these tests picks up. */
    private String newZone() throws ParseException {
        String id = "policy-" + UUID.randomUUID();
        Polygon polygon = (Polygon) new WKTReader().read("POLYGON((0 0, 0.1 0, 0.1 0.1, 0 0.1, 0 0))");
        zones.put(new Zone(id, id, 500, polygon, new PricingSchedule(10_000, 5_000, 20_000, 1.3, 18, 1800, 3600)));
        return id;
    }

    private WebTestClient.ResponseSpec put(String zoneId, String body) {
        return client.put()
                .uri(PATH + "/" + zoneId)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    @Test
    void a_policy_given_only_its_mode_gets_the_documented_defaults_and_version_one() throws ParseException {
        String zone = newZone();

        put(zone, "{\"mode\":\"RANKED\"}")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.zoneId")
                .isEqualTo(zone)
                .jsonPath("$.data.mode")
                .isEqualTo("RANKED")
                .jsonPath("$.data.offerTimeout")
                .isEqualTo("PT30S")
                .jsonPath("$.data.maxOffers")
                .isEqualTo(5)
                .jsonPath("$.data.radiusMeters")
                .isEqualTo(5000)
                .jsonPath("$.data.fallback")
                .isEqualTo("OPERATOR_QUEUE")
                .jsonPath("$.data.version")
                .isEqualTo(1);
    }

    @Test
    void the_next_change_is_the_next_version_and_the_list_shows_the_current_one_after_default() throws ParseException {
        String zone = newZone();
        put(zone, "{\"mode\":\"RANKED\"}").expectStatus().isOk();

        put(zone, "{\"mode\":\"BROADCAST\",\"offerTimeout\":\"PT1M\",\"maxOffers\":2,\"fallback\":\"BROADCAST\"}")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.version")
                .isEqualTo(2)
                .jsonPath("$.data.offerTimeout")
                .isEqualTo("PT1M");

        client.get()
                .uri(PATH)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data[0].zoneId")
                .isEqualTo("default")
                .jsonPath("$.data[?(@.zoneId == '%s')].version".formatted(zone))
                .isEqualTo(2)
                .jsonPath("$.data[?(@.zoneId == '%s')].mode".formatted(zone))
                .isEqualTo("BROADCAST");
    }

    @Test
    void a_zone_that_does_not_exist_has_no_policy_to_set() {
        put("nowhere-" + UUID.randomUUID(), "{\"mode\":\"RANKED\"}")
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.error.code")
                .isEqualTo("NOT_FOUND");
    }

    @Test
    void an_offer_timeout_outside_five_seconds_to_ten_minutes_is_refused_on_offer_timeout() throws ParseException {
        String zone = newZone();

        for (String timeout : new String[] {"PT4S", "PT11M", "soon"}) {
            put(zone, "{\"mode\":\"RANKED\",\"offerTimeout\":\"" + timeout + "\"}")
                    .expectStatus()
                    .isEqualTo(422)
                    .expectBody()
                    .jsonPath("$.error.details.fieldErrors.offerTimeout[0]")
                    .isEqualTo("must be an ISO 8601 duration from PT5S to PT10M, e.g. PT30S");
        }
        put(zone, "{}")
                .expectStatus()
                .isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.details.fieldErrors.mode")
                .exists();
    }
}
