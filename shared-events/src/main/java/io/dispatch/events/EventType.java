package io.dispatch.events;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The stable wire name and current schema version of every event type. Wire names are a
 * contract with consumers and auditors: never derive them from Java class names.
 */
public enum EventType {
    DISPATCH_CREATED("dispatch.created", 3, DispatchCreated.class),
    DISPATCH_ASSIGNED("dispatch.assigned", 1, RiderAssigned.class),
    DISPATCH_PICKED_UP("dispatch.picked_up", 1, DispatchPickedUp.class),
    DISPATCH_EN_ROUTE("dispatch.en_route", 1, DispatchDeparted.class),
    DISPATCH_DELIVERED("dispatch.delivered", 1, DispatchDelivered.class),
    DISPATCH_FAILED("dispatch.failed", 1, DispatchFailed.class),
    DISPATCH_CANCELLED("dispatch.cancelled", 1, DispatchCancelled.class),
    DISPATCH_LOCATION_UPDATED("dispatch.location_updated", 1, RiderLocationUpdated.class),
    DISPATCH_PIN_REJECTED("dispatch.pin_rejected", 1, DeliveryPinRejected.class),
    DISPATCH_PIN_RESET("dispatch.pin_reset", 1, DeliveryPinReset.class),
    DISPATCH_UNASSIGNED("dispatch.unassigned", 1, RiderUnassigned.class),
    DISPATCH_OFFERED("dispatch.offered", 1, DispatchOffered.class),
    DISPATCH_OFFER_ACCEPTED("dispatch.offer_accepted", 1, OfferAccepted.class),
    DISPATCH_OFFER_DECLINED("dispatch.offer_declined", 1, OfferDeclined.class),
    DISPATCH_OFFER_EXPIRED("dispatch.offer_expired", 1, OfferExpired.class),
    DISPATCH_OFFER_WITHDRAWN("dispatch.offer_withdrawn", 1, OfferWithdrawn.class),
    DISPATCH_AUTO_ASSIGNED("dispatch.auto_assigned", 1, RiderAutoAssigned.class),
    DISPATCH_NO_RIDER("dispatch.no_rider", 1, NoRiderFound.class),
    DISPATCH_PLANNED("dispatch.planned", 1, DeliveryPlanned.class),
    DISPATCH_ETA_UPDATED("dispatch.eta_updated", 1, EtaUpdated.class),
    WEBHOOK_ATTEMPT_RECORDED("webhook.attempt_recorded", 1, WebhookAttemptRecorded.class);

    private static final Map<String, EventType> BY_WIRE_NAME =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(EventType::wireName, Function.identity()));
    private static final Map<Class<?>, EventType> BY_CLASS =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(EventType::javaType, Function.identity()));

    private final String wireName;
    private final int version;
    private final Class<? extends DispatchEvent> javaType;

    EventType(String wireName, int version, Class<? extends DispatchEvent> javaType) {
        this.wireName = wireName;
        this.version = version;
        this.javaType = javaType;
    }

    public String wireName() {
        return wireName;
    }

    /** The version written by this code; older versions are upcast on read. */
    public int version() {
        return version;
    }

    public Class<? extends DispatchEvent> javaType() {
        return javaType;
    }

    public static EventType of(DispatchEvent event) {
        return BY_CLASS.get(event.getClass());
    }

    public static Optional<EventType> fromWireName(String wireName) {
        return Optional.ofNullable(BY_WIRE_NAME.get(wireName));
    }
}
