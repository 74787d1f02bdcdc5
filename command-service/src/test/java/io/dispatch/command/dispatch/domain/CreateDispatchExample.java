package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.events.Actor;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.util.UUID;

/** A valid creation for tests that need a delivery in the event store, not particular details. */
public final class CreateDispatchExample {

    private CreateDispatchExample() {}

    /** A prepaid order from the merchant itself, without targets or zone, with a tracking token of its own. */
    public static CreateDispatch prepaid(UUID dispatchId, UUID merchantId, Stop pickup, Stop dropoff) {
        return new CreateDispatch(
                dispatchId,
                merchantId,
                Actor.merchant(merchantId),
                new DispatchOrder(
                        null, "Amina", "+254700000001", pickup, dropoff, PaymentType.PREPAID, 0, "KES", null, null),
                25000,
                null,
                Source.API,
                "tok-" + UUID.randomUUID(),
                "1234",
                null,
                null);
    }
}
