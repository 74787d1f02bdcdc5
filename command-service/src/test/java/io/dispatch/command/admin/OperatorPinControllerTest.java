package io.dispatch.command.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmPickup;
import io.dispatch.command.dispatch.domain.DispatchCommands.DepartForDropoff;
import io.dispatch.command.dispatch.domain.DispatchCommands.FailDispatch;
import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.WrongPin;
import io.dispatch.command.web.ControllerClient;
import io.dispatch.events.Actor;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.RiderAccounts;
import java.util.Map;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The operator's side of the PIN guard against the real event store: five wrong guesses lock PIN
 * proofs, the reset route unlocks them and the stats route counts both.
 */
class OperatorPinControllerTest extends CommandServiceIntegrationTest {

    private static final Stop PICKUP = new Stop("Kenyatta Ave", -1.2841, 36.8219, null);
    private static final Stop DROPOFF = new Stop("Westlands", -1.2676, 36.8108, null);

    @Autowired
    OperatorPinController controller;

    @Autowired
    ApiErrorHandler errors;

    @Autowired
    DispatchCreation creation;

    @Autowired
    DispatchService dispatches;

    @Autowired
    RiderAccounts riders;

    @Autowired
    CommandGateway commands;

    private WebTestClient client;

    /** A delivery on its way: who holds it and its PIN. */
    private record Held(UUID dispatchId, UUID riderId, String pin) {}

    @BeforeEach
    void bind() {
        client = ControllerClient.bind(controller, errors, new OperatorPrincipal("ops-lead"));
    }

    /** A real merchant's delivery on its way with a new rider. */
    private Held inTransit() {
        UUID merchant = UUID.randomUUID();
        DispatchOrder order = new DispatchOrder(
                null, "Amina", "+254700000001", PICKUP, DROPOFF, PaymentType.PREPAID, 0, "KES", null, null);
        DispatchView view = creation.create(merchant, order, Source.API, Actor.merchant(merchant))
                .block()
                .view();
        UUID riderId = riders.createRider("Guesser", "+254700000050").id();
        commands.sendAndWait(new AssignRider(view.dispatchId(), riderId, Actor.operator("ops")));
        commands.sendAndWait(new ConfirmPickup(view.dispatchId(), riderId));
        commands.sendAndWait(new DepartForDropoff(view.dispatchId(), riderId));
        return new Held(view.dispatchId(), riderId, view.deliveryPin());
    }

    private void guessWrong(Held delivery, int times) {
        String wrong = "0000".equals(delivery.pin()) ? "1111" : "0000";
        for (int i = 0; i < times; i++) {
            assertThatThrownBy(() -> dispatches
                            .deliver(new ConfirmDelivery(
                                    delivery.dispatchId(),
                                    delivery.riderId(),
                                    ProofType.PIN,
                                    "Amina",
                                    null,
                                    null,
                                    wrong))
                            .block())
                    .isInstanceOf(WrongPin.class);
        }
    }

    private WebTestClient.ResponseSpec reset(UUID dispatchId) {
        return client.post()
                .uri("/api/v1/admin/dispatches/" + dispatchId + "/pin/reset")
                .header(OperatorDispatchController.OPERATOR_HEADER, "ops-7")
                .exchange();
    }

    private Map<String, Number> stats() {
        Map<String, Object> envelope = client.get()
                .uri("/api/v1/admin/pin-guard/stats")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(new ParameterizedTypeReference<Map<String, Object>>() {})
                .returnResult()
                .getResponseBody();
        @SuppressWarnings("unchecked")
        Map<String, Number> data = (Map<String, Number>) envelope.get("data");
        return data;
    }

    private static long delta(Map<String, Number> before, Map<String, Number> after, String counter) {
        return after.get(counter).longValue() - before.get(counter).longValue();
    }

    @Test
    void five_wrong_guesses_lock_pin_proofs_and_the_operators_reset_clears_them() {
        Map<String, Number> before = stats();
        Held delivery = inTransit();
        guessWrong(delivery, 5);

        reset(delivery.dispatchId())
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.status")
                .isEqualTo("IN_TRANSIT")
                .jsonPath("$.data.pinLock.wrongGuesses")
                .isEqualTo(0)
                .jsonPath("$.data.pinLock.locked")
                .isEqualTo(false);

        Map<String, Number> after = stats();
        assertThat(delta(before, after, "wrongGuesses")).isEqualTo(5);
        assertThat(delta(before, after, "locks")).isEqualTo(1);
        assertThat(delta(before, after, "resets")).isEqualTo(1);
    }

    @Test
    void a_reset_with_no_wrong_guess_changes_nothing() {
        Held delivery = inTransit();

        reset(delivery.dispatchId())
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.data.pinLock.wrongGuesses")
                .isEqualTo(0)
                .jsonPath("$.data.pinLock.locked")
                .isEqualTo(false);
    }

    @Test
    void an_ended_delivery_cannot_be_reset_and_an_unknown_one_is_not_found() {
        Held delivery = inTransit();
        guessWrong(delivery, 1);
        commands.sendAndWait(new FailDispatch(
                delivery.dispatchId(), Actor.operator("ops"), FailureReason.CUSTOMER_UNREACHABLE, null));

        reset(delivery.dispatchId())
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.error.details.currentStatus")
                .isEqualTo("FAILED");
        reset(UUID.randomUUID()).expectStatus().isNotFound();
    }
}
