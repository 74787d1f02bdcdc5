package io.dispatch.events;

import java.util.Objects;

/** Who caused an event: a merchant (id = merchant id), a rider, an operator or the system. */
public record Actor(ActorType type, String id) {

    public Actor {
        Objects.requireNonNull(type, "type");
    }

    public static Actor merchant(Object merchantId) {
        return new Actor(ActorType.MERCHANT, String.valueOf(merchantId));
    }

    public static Actor rider(Object riderId) {
        return new Actor(ActorType.RIDER, String.valueOf(riderId));
    }

    public static Actor operator(String operatorId) {
        return new Actor(ActorType.OPERATOR, operatorId);
    }

    /** The dispatch engine, deciding offers and automatic assignments (decisions.md §14). */
    public static Actor engine() {
        return new Actor(ActorType.SYSTEM, "dispatch-engine");
    }

    public static Actor system() {
        return new Actor(ActorType.SYSTEM, "dispatch");
    }
}
