package io.dispatch.command.dispatching.roster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.command.dispatching.roster.RiderRoster.Change;
import io.dispatch.command.dispatching.roster.RiderRoster.ChangeRefused;
import io.dispatch.command.dispatching.roster.RiderRoster.Refusal;
import io.dispatch.command.dispatching.roster.RiderRoster.RosterRider;
import io.dispatch.command.dispatching.roster.RiderRoster.Shift;
import io.dispatch.events.Actor;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.web.identity.RiderAccounts;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The dispatcher's view of riders against the real store: shifts, capacity and the sandbox line. */
class RiderRosterTest extends CommandServiceIntegrationTest {

    private static final Stop PICKUP = new Stop("Kenyatta Ave", -1.2841, 36.8219, null);
    private static final Stop DROPOFF = new Stop("Westlands", -1.2676, 36.8108, null);

    @Autowired
    RiderRoster roster;

    @Autowired
    RiderAccounts riders;

    @Autowired
    DispatchCreation dispatches;

    @Autowired
    CommandGateway commands;

    private UUID realRider() {
        return riders.createRider("Roster Rider", "+254700000020").id();
    }

    /** A new delivery of a real merchant, assigned by an operator to {@code rider}. */
    private UUID heldBy(UUID rider) {
        UUID merchant = UUID.randomUUID();
        DispatchOrder order = new DispatchOrder(
                null, "Amina", "+254700000001", PICKUP, DROPOFF, PaymentType.PREPAID, 0, "KES", null, null);
        UUID id = dispatches
                .create(merchant, order, Source.API, Actor.merchant(merchant))
                .block()
                .view()
                .dispatchId();
        commands.sendAndWait(new AssignRider(id, rider, Actor.operator("ops")));
        return id;
    }

    @Test
    void a_new_rider_is_off_shift_since_never_and_holds_nothing() {
        UUID rider = realRider();

        RosterRider seen = roster.find(rider).orElseThrow();

        assertThat(seen.shift()).isEqualTo(new Shift("OFF", null));
        assertThat(seen.activeDispatchIds()).isEmpty();
        assertThat(seen.position()).isNull();
        assertThat(seen.sandbox()).isFalse();
    }

    @Test
    void asking_for_the_shift_a_rider_already_has_keeps_its_since() {
        UUID rider = realRider();

        Shift on = roster.setShift(rider, true).orElseThrow();
        Shift again = roster.setShift(rider, true).orElseThrow();
        Shift off = roster.setShift(rider, false).orElseThrow();

        assertThat(on.status()).isEqualTo("ON");
        assertThat(on.since()).isNotNull();
        assertThat(again).isEqualTo(on);
        assertThat(off.status()).isEqualTo("OFF");
        assertThat(off.since()).isAfterOrEqualTo(on.since());
        assertThat(roster.find(rider).orElseThrow().shift()).isEqualTo(off);
    }

    @Test
    void an_unknown_rider_has_no_shift_and_no_change() {
        UUID nobody = UUID.randomUUID();

        assertThat(roster.setShift(nobody, true)).isEmpty();
        assertThat(roster.change(nobody, new Change(3, null))).isEmpty();
        assertThat(roster.find(nobody)).isEmpty();
    }

    @Test
    void a_rider_lists_the_deliveries_it_holds_and_its_capacity_changes_while_it_holds_them() {
        UUID rider = realRider();
        UUID held = heldBy(rider);

        RosterRider changed = roster.change(rider, new Change(4, null)).orElseThrow();

        assertThat(changed.activeDispatchIds()).containsExactly(held);
        assertThat(changed.maxActive()).isEqualTo(4);
        assertThat(changed.sandbox()).isFalse();
        assertThat(roster.all()).filteredOn(r -> r.id().equals(rider)).containsExactly(changed);
    }

    @Test
    void a_rider_crosses_the_sandbox_line_only_while_holding_nothing() {
        UUID rider = realRider();
        heldBy(rider);
        UUID free = realRider();

        assertThatThrownBy(() -> roster.change(rider, new Change(null, true)))
                .isInstanceOfSatisfying(
                        ChangeRefused.class, e -> assertThat(e.refusal()).isEqualTo(Refusal.HOLDS_DELIVERIES));
        assertThat(roster.find(rider).orElseThrow().sandbox()).isFalse();
        assertThat(roster.change(free, new Change(null, true)).orElseThrow().sandbox())
                .isTrue();
    }

    @Test
    void a_simulators_rider_stays_a_sandbox_rider() {
        UUID simulated = riders.createSimulatedRider("Sim", "+254700000021").id();

        assertThatThrownBy(() -> roster.change(simulated, new Change(null, false)))
                .isInstanceOfSatisfying(
                        ChangeRefused.class, e -> assertThat(e.refusal()).isEqualTo(Refusal.SIMULATED_STAYS_SANDBOX));
        assertThat(roster.change(simulated, new Change(2, true)).orElseThrow().maxActive())
                .isEqualTo(2);
    }
}
