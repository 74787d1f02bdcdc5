package io.dispatch.command.pricing.web;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.web.ControllerClient;
import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.identity.Scope;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * GET /quotes against the seeded zones and default schedule, through the controller and the API's
 * error handler (the security chain is not under test: the merchant is set as the chain sets it).
 * The expected figures are worked out apart from the service (haversine on a 6,371,008.8 m sphere).
 */
class QuoteControllerTest extends CommandServiceIntegrationTest {

    private static final MerchantPrincipal MERCHANT =
            new MerchantPrincipal(UUID.randomUUID(), "key-1", Set.of(Scope.READ));

    @Autowired
    QuoteController controller;

    @Autowired
    ApiErrorHandler errors;

    private WebTestClient client;

    @BeforeEach
    void bind() {
        client = ControllerClient.bind(controller, errors, MERCHANT);
    }

    private WebTestClient.ResponseSpec quote(String query) {
        return client.get().uri("/api/v1/external/quotes?" + query).exchange();
    }

    @Test
    void a_trip_from_inside_a_zone_is_priced_by_the_zone_in_snake_case() {
        // 2,211 m; 15,000 + 4,000 x 2.211 = 23,844; 2,211 x 1.3 at 25 km/h = 414 s
        quote("pickup_lat=-1.2841&pickup_lng=36.8219&dropoff_lat=-1.2676&dropoff_lng=36.8108")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.success")
                .isEqualTo(true)
                .jsonPath("$.data.zone_id")
                .isEqualTo("nairobi-cbd")
                .jsonPath("$.data.zone_name")
                .isEqualTo("Nairobi CBD")
                .jsonPath("$.data.currency")
                .isEqualTo("KES")
                .jsonPath("$.data.distance_meters")
                .isEqualTo(2211)
                .jsonPath("$.data.fee_cents")
                .isEqualTo(23844)
                .jsonPath("$.data.eta_travel_seconds")
                .isEqualTo(414)
                .jsonPath("$.data.target_pickup_seconds")
                .isEqualTo(1800)
                .jsonPath("$.data.target_delivery_seconds")
                .isEqualTo(3600);
    }

    @Test
    void a_trip_from_outside_every_zone_is_priced_by_the_default_schedule_with_no_zone() {
        // 1,112 m; 20,000 + 5,000 x 1.112 = 25,560; 1,112 x 1.3 at 25 km/h = 208 s
        quote("pickup_lat=-1.20&pickup_lng=36.90&dropoff_lat=-1.21&dropoff_lng=36.90")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.zone_id")
                .isEmpty()
                .jsonPath("$.data.zone_name")
                .isEmpty()
                .jsonPath("$.data.fee_cents")
                .isEqualTo(25560)
                .jsonPath("$.data.eta_travel_seconds")
                .isEqualTo(208)
                .jsonPath("$.data.target_pickup_seconds")
                .isEqualTo(3600)
                .jsonPath("$.data.target_delivery_seconds")
                .isEqualTo(7200);
    }

    @Test
    void every_missing_malformed_or_out_of_range_coordinate_is_named_in_one_422() {
        quote("pickup_lat=91&pickup_lng=east&dropoff_lat=")
                .expectStatus()
                .isEqualTo(422)
                .expectBody()
                .jsonPath("$.success")
                .isEqualTo(false)
                .jsonPath("$.error.code")
                .isEqualTo("VALIDATION_ERROR")
                .jsonPath("$.error.details.fieldErrors.pickup_lat[0]")
                .isEqualTo("must be from -90 to 90")
                .jsonPath("$.error.details.fieldErrors.pickup_lng[0]")
                .isEqualTo("must be a number in decimal degrees")
                .jsonPath("$.error.details.fieldErrors.dropoff_lat[0]")
                .isEqualTo("is required")
                .jsonPath("$.error.details.fieldErrors.dropoff_lng[0]")
                .isEqualTo("is required");
    }
}
