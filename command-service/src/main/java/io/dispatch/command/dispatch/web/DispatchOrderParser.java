package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.events.PaymentType;
import tools.jackson.databind.JsonNode;

/**
 * Reads a create-delivery body by {@link DispatchOrderDocument}, so every problem is reported at
 * once under the field's own name, and a wrong JSON type is a validation error rather than an
 * unreadable body. Unknown fields are ignored.
 */
public final class DispatchOrderParser {

    private DispatchOrderParser() {}

    /** Null when {@code errors} received a message; prefix is "" or e.g. "orders[3].". */
    public static DispatchOrder parse(JsonNode body, String prefix, FieldErrors errors) {
        int before = errors.count();
        DispatchOrderDocument order =
                DocumentedBody.of(DispatchOrderDocument.class).read(body, prefix, errors);
        return errors.count() != before ? null : order(order);
    }

    /** An order its document accepted, with the defaults of absent fields. */
    static DispatchOrder order(DispatchOrderDocument order) {
        return new DispatchOrder(
                order.externalId(),
                order.customerName(),
                order.customerPhone(),
                order.pickup().stop(),
                order.dropoff().stop(),
                PaymentType.valueOf(order.paymentType()),
                order.amountCents() == null ? 0 : order.amountCents(),
                order.currency() == null ? "KES" : order.currency(),
                DocumentedBody.instant(order.targetPickupAt()),
                DocumentedBody.instant(order.targetDeliveryAt()));
    }
}
