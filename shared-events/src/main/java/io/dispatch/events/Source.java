package io.dispatch.events;

import com.fasterxml.jackson.annotation.JsonValue;

/** Where a delivery came from; only {@code api} is created through the merchant API. */
public enum Source {
    API,
    CSV,
    SHOPIFY,
    STAFF;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
