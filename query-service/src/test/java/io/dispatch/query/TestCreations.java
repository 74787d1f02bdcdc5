package io.dispatch.query;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.time.Instant;
import java.util.UUID;

/** A delivery's creation as command-service publishes it (sequence 0), with the tests' usual data. */
public final class TestCreations {

    private TestCreations() {}

    /** A cash-on-delivery order in nairobi-cbd, tracked by {@code tok-<id>}, created by the merchant at {@code at}. */
    public static EventEnvelope created(UUID id, UUID merchantId, Instant at, Source source) {
        return EventEnvelope.of(
                UUID.randomUUID(),
                0,
                new DispatchCreated(
                        id,
                        merchantId,
                        at,
                        Actor.merchant(merchantId),
                        new DispatchOrder(
                                "order-" + id,
                                "Amina",
                                "+254700000001",
                                new Stop("A", -1.28, 36.81, null),
                                new Stop("B", null, null, null),
                                PaymentType.COD,
                                1000,
                                "KES",
                                null,
                                null),
                        25000,
                        null,
                        null,
                        "nairobi-cbd",
                        source,
                        "tok-" + id,
                        "1234",
                        null));
    }
}
