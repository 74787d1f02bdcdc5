package io.dispatch.audit.domain;

import tools.jackson.databind.JsonNode;

/**
 * One place where a read model does not say what the event log says: the read model ({@link
 * #DELIVERY}, {@link #HISTORY} or {@link #WEBHOOKS}), a dotted field name ({@code status},
 * {@code pickup.lat}, {@code columns.updated_at}, {@code history[3].status}, {@code
 * webhooks[<notificationId>].status}, or {@code *} for a missing delivery row) and the two
 * values as JSON, null where one side has nothing.
 */
public record Difference(String view, String field, JsonNode fromEvents, JsonNode readModel) {

    public static final String DELIVERY = "delivery";
    public static final String HISTORY = "history";
    public static final String WEBHOOKS = "webhooks";
}
