package io.dispatch.events;

import com.fasterxml.jackson.annotation.JsonValue;

public enum ActorType {
    MERCHANT,
    RIDER,
    OPERATOR,
    SYSTEM;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
