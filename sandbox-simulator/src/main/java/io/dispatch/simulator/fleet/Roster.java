package io.dispatch.simulator.fleet;

import io.dispatch.simulator.trip.Route;
import io.dispatch.simulator.trip.SimulatedRider;
import io.dispatch.web.identity.RiderAccounts;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's riders in {@code identity.riders} (flagged simulated and sandbox, "Sandbox Rider N"): the
 * existing ones get fresh tokens at each start, so only the instance that runs the simulator
 * holds working ones, and new ones are made up to the configured number.
 */
public final class Roster {

    private final RiderAccounts accounts;
    private final int size;

    public Roster(RiderAccounts accounts, int size) {
        this.accounts = accounts;
        this.size = size;
    }

    /** The riders with fresh tokens, oldest first, each where it last reported. */
    public List<SimulatedRider> ready() {
        List<RiderAccounts.Rider> existing = accounts.simulatedRiders();
        List<SimulatedRider> ready = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (i < existing.size()) {
                RiderAccounts.Rider rider = existing.get(i);
                RiderAccounts.Position at = rider.lastPosition();
                ready.add(new SimulatedRider(
                        rider.id(),
                        rider.name(),
                        accounts.renewToken(rider.id()).orElseThrow(),
                        at == null ? null : new Route.Point(at.latitude(), at.longitude())));
            } else {
                var created =
                        accounts.createSimulatedRider("Sandbox Rider " + (i + 1), "+254 700 000 " + (100 + i + 1));
                ready.add(new SimulatedRider(created.id(), created.name(), created.token(), null));
            }
        }
        return ready;
    }
}
