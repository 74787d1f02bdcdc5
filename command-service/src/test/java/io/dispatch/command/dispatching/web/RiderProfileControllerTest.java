package io.dispatch.command.dispatching.web;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatching.roster.RiderRoster;
import io.dispatch.command.web.ControllerClient;
import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.RiderPrincipal;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/** GET /api/v1/rider/me against the real riders table: what the rider app shows once a phone is enrolled. */
class RiderProfileControllerTest extends CommandServiceIntegrationTest {

    @Autowired
    RiderProfileController controller;

    @Autowired
    ApiErrorHandler errors;

    @Autowired
    RiderAccounts riders;

    @Autowired
    RiderRoster roster;

    private WebTestClient.BodyContentSpec me(UUID rider) {
        return ControllerClient.bind(controller, errors, new RiderPrincipal(rider, "Rider"))
                .get()
                .uri("/api/v1/rider/me")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody();
    }

    @Test
    void a_rider_learns_its_name_shift_and_capacity_from_its_token() {
        UUID rider = riders.createRider("Wanjiru Kamau", "+254700000071").id();

        me(rider)
                .jsonPath("$.data.id")
                .isEqualTo(rider.toString())
                .jsonPath("$.data.name")
                .isEqualTo("Wanjiru Kamau")
                .jsonPath("$.data.onShift")
                .isEqualTo(false)
                .jsonPath("$.data.maxActive")
                .isEqualTo(1);

        roster.setShift(rider, true);
        roster.change(rider, new RiderRoster.Change(3, null));
        me(rider)
                .jsonPath("$.data.onShift")
                .isEqualTo(true)
                .jsonPath("$.data.maxActive")
                .isEqualTo(3);
    }

    @Test
    void a_rider_that_no_longer_exists_is_not_found() {
        ControllerClient.bind(controller, errors, new RiderPrincipal(UUID.randomUUID(), "Gone"))
                .get()
                .uri("/api/v1/rider/me")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.error.code")
                .isEqualTo("NOT_FOUND");
    }
}
