package io.dispatch.command.rider.web;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.command.web.ControllerClient;
import io.dispatch.events.Actor;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.RiderPrincipal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The rider's write routes against the real event store, a real merchant's delivery under the
 * default MANUAL policy: the holder's form of the delivery, and the answers a rider gets when a
 * rule refuses the step.
 */
class RiderControllerTest extends CommandServiceIntegrationTest {

    private static final Stop PICKUP = new Stop("Kenyatta Ave", -1.2841, 36.8219, null);
    private static final Stop DROPOFF = new Stop("Westlands", -1.2676, 36.8108, null);

    @Autowired
    RiderController controller;

    @Autowired
    ApiErrorHandler errors;

    @Autowired
    RiderAccounts riders;

    @Autowired
    DispatchCreation dispatches;

    private WebTestClient as(UUID rider) {
        return ControllerClient.bind(controller, errors, new RiderPrincipal(rider, "Rider"));
    }

    private UUID realRider() {
        return riders.createRider("Rider", "+254700000040").id();
    }

    private UUID created() {
        UUID merchant = UUID.randomUUID();
        DispatchOrder order = new DispatchOrder(
                "order-1", "Amina", "+254700000001", PICKUP, DROPOFF, PaymentType.COD, 150_000, "KES", null, null);
        return dispatches
                .create(merchant, order, Source.API, Actor.merchant(merchant))
                .block()
                .view()
                .dispatchId();
    }

    private WebTestClient.ResponseSpec step(UUID rider, UUID dispatchId, String action) {
        return as(rider)
                .post()
                .uri("/api/v1/rider/dispatches/" + dispatchId + "/" + action)
                .exchange();
    }

    @Test
    void a_rider_takes_collects_and_sets_off_with_a_delivery_seeing_it_without_pin_or_tracking_link() {
        UUID rider = realRider();
        UUID id = created();

        step(rider, id, "accept")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.id")
                .isEqualTo(id.toString())
                .jsonPath("$.data.status")
                .isEqualTo("ASSIGNED")
                .jsonPath("$.data.riderId")
                .isEqualTo(rider.toString())
                .jsonPath("$.data.customerName")
                .isEqualTo("Amina")
                .jsonPath("$.data.amountCents")
                .isEqualTo(150_000)
                .jsonPath("$.data.deliveryPin")
                .doesNotExist()
                .jsonPath("$.data.trackingToken")
                .doesNotExist()
                .jsonPath("$.data.trackingUrl")
                .doesNotExist();
        step(rider, id, "pickup")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.status")
                .isEqualTo("PICKED_UP");
        step(rider, id, "depart")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.status")
                .isEqualTo("IN_TRANSIT");
    }

    @Test
    void another_riders_step_is_forbidden_and_a_step_out_of_order_is_a_conflict() {
        UUID holder = realRider();
        UUID other = realRider();
        UUID id = created();
        step(holder, id, "accept").expectStatus().isOk();

        step(other, id, "pickup")
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.error.code")
                .isEqualTo("FORBIDDEN");
        step(holder, id, "depart")
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.error.code")
                .isEqualTo("CONFLICT");
    }

    @Test
    void a_delivery_across_the_sandbox_line_or_not_named_by_a_uuid_is_not_found() {
        UUID sandboxRider = riders.createRider("Sandbox", "+254700000041", true).id();
        UUID id = created();

        step(sandboxRider, id, "accept")
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.error.code")
                .isEqualTo("NOT_FOUND");
        as(realRider())
                .post()
                .uri("/api/v1/rider/dispatches/not-a-uuid/accept")
                .exchange()
                .expectStatus()
                .isNotFound();
    }

    @Test
    void giving_up_needs_a_known_reason() {
        UUID rider = realRider();
        UUID id = created();
        step(rider, id, "accept").expectStatus().isOk();

        as(rider)
                .post()
                .uri("/api/v1/rider/dispatches/" + id + "/fail")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"reasonCode\":\"BORED\"}")
                .exchange()
                .expectStatus()
                .isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.details.fieldErrors.reasonCode")
                .exists();
        as(rider)
                .post()
                .uri("/api/v1/rider/dispatches/" + id + "/fail")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"reasonCode\":\"REFUSED\"}")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.status")
                .isEqualTo("FAILED")
                .jsonPath("$.data.failureReason")
                .isEqualTo("REFUSED");
    }

    @Test
    void a_position_is_accepted_with_the_deliveries_it_reaches_and_a_fix_from_the_future_is_refused() {
        UUID rider = realRider();
        UUID id = created();
        step(rider, id, "accept").expectStatus().isOk();

        location(rider, "{\"lat\":-1.28,\"lng\":36.82}")
                .expectStatus()
                .isAccepted()
                .expectBody()
                .jsonPath("$.data.activeDispatchIds[0]")
                .isEqualTo(id.toString());
        String ahead = Instant.now().plus(10, ChronoUnit.MINUTES).toString();
        location(rider, "{\"lat\":-1.28,\"lng\":36.82,\"timestamp\":\"" + ahead + "\"}")
                .expectStatus()
                .isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.details.fieldErrors.timestamp[0]")
                .isEqualTo("must not be more than 5 minutes in the future");
    }

    private WebTestClient.ResponseSpec location(UUID rider, String body) {
        return as(rider)
                .post()
                .uri("/api/v1/rider/location")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }
}
