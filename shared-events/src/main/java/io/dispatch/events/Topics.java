package io.dispatch.events;

import java.util.List;
import java.util.UUID;

/** The one registry of topics. Each topic has one writer. */
public final class Topics {

    /** Every lifecycle event of every delivery, in order per delivery. Written by command-service. */
    public static final Topic DISPATCH_EVENTS = new Topic("dispatch-events", 6);

    /** Webhook notification state after each attempt. Written by webhook-dispatcher. */
    public static final Topic WEBHOOK_ATTEMPTS = new Topic("webhook-attempts", 6);

    /**
     * Every rider location fix ({@link RiderPositionReported}, JSON by {@code RiderPositionCodec}),
     * keyed by rider id. Written by command-service; read by the tracking read model.
     */
    public static final Topic RIDER_POSITIONS = new Topic("rider-positions", 6);

    public static final List<Topic> ALL = List.of(DISPATCH_EVENTS, WEBHOOK_ATTEMPTS, RIDER_POSITIONS);

    private Topics() {}

    /** The record key: the delivery id as text, so all events of a delivery share a partition. */
    public static String keyOf(UUID dispatchId) {
        return dispatchId.toString();
    }
}
