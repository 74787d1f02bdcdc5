package io.dispatch.command.shopify.application;

import io.dispatch.command.dispatch.domain.DispatchOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What one Shopify order became, before any delivery is created ({@link OrderMapping}). */
public sealed interface MappedOrder {

    /** Shopify's name of the order ({@code #1001}), null when the body has none. */
    String orderName();

    /** An order that makes a delivery. */
    record Deliverable(String orderName, DispatchOrder order) implements MappedOrder {}

    /** An order without a shipping address (a pickup in store, a gift card): no delivery. */
    record NoShippingAddress(String orderName) implements MappedOrder {}

    /** An order the merchant API's rules refuse, field by field. */
    record Invalid(String orderName, Map<String, List<String>> fieldErrors) implements MappedOrder {
        /** One line for the merchant's list of received orders: {@code customerPhone: must be ...}. */
        public String detail() {
            List<String> lines = new ArrayList<>();
            fieldErrors.forEach((field, messages) -> messages.forEach(message -> lines.add(field + ": " + message)));
            return String.join("; ", lines);
        }
    }
}
