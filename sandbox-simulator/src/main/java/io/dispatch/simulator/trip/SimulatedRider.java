package io.dispatch.simulator.trip;

import java.util.Optional;
import java.util.UUID;

/**
 * One of the simulator's riders: its token (renewed at each start, held in memory only) and
 * where it last reported, from which it rides on after a restart.
 */
public final class SimulatedRider {

    private final UUID id;
    private final String name;
    private final String token;
    private volatile Route.Point lastPosition;

    public SimulatedRider(UUID id, String name, String token, Route.Point lastPosition) {
        this.id = id;
        this.name = name;
        this.token = token;
        this.lastPosition = lastPosition;
    }

    public UUID id() {
        return id;
    }

    public String name() {
        return name;
    }

    String token() {
        return token;
    }

    Optional<Route.Point> lastPosition() {
        return Optional.ofNullable(lastPosition);
    }

    void reported(Route.Point at) {
        lastPosition = at;
    }
}
