package io.dispatch.command.shopify.web;

import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.command.dispatch.web.DispatchOrderParser;
import io.dispatch.command.dispatch.web.PhoneNumber;
import io.dispatch.command.shopify.application.MappedOrder;
import io.dispatch.command.shopify.application.MappedOrder.Deliverable;
import io.dispatch.command.shopify.application.MappedOrder.Invalid;
import io.dispatch.command.shopify.application.MappedOrder.NoShippingAddress;
import io.dispatch.command.shopify.application.OrderMapping;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.events.Stop;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a Shopify {@code orders/create} body becomes (decisions.md section 11). The order is
 * rewritten as the merchant API's create body and read by {@link DispatchOrderParser}, so it
 * obeys exactly the rules of every other create; field errors name that body's fields
 * ({@code customerPhone}, {@code dropoff.address}).
 */
@Component
public class ShopifyOrderMapping implements OrderMapping {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int DEFAULT_FRACTION_DIGITS = 2;

    @Override
    public MappedOrder map(JsonNode order, Stop pickup) {
        if (order == null || !order.isObject()) {
            return new Invalid(null, Map.of("body", List.of("must be a JSON object: a Shopify order")));
        }
        String name = text(order, "name");
        JsonNode shipping = order.get("shipping_address");
        if (shipping == null || !shipping.isObject()) {
            return new NoShippingAddress(name);
        }
        FieldErrors errors = new FieldErrors();
        ObjectNode body = NODES.objectNode();
        body.set("externalId", order.get("name"));
        body.put("customerName", customerName(shipping));
        body.put("customerPhone", phone(order, shipping));
        body.set("pickup", stop(pickup));
        body.set("dropoff", dropoff(shipping));
        body.put("paymentType", "pending".equals(text(order, "financial_status")) ? "COD" : "PREPAID");
        String currency = text(order, "currency");
        if (currency != null) {
            body.put("currency", currency);
        }
        Long amount = minorUnits(text(order, "total_price"), currency, errors);
        if (amount != null) {
            body.put("amountCents", amount);
        }
        DispatchOrder parsed = DispatchOrderParser.parse(body, "", errors);
        return errors.isEmpty() ? new Deliverable(name, parsed) : new Invalid(name, errors.asMap());
    }

    private static String customerName(JsonNode shipping) {
        String name = text(shipping, "name");
        if (name != null && !name.isBlank()) {
            return name;
        }
        String joined = String.join(
                " ",
                Stream.of(text(shipping, "first_name"), text(shipping, "last_name"))
                        .filter(part -> part != null && !part.isBlank())
                        .toList());
        return joined.isEmpty() ? null : joined;
    }

    /**
     * The shipping address's phone, else the order's, else the customer's: the first that passes the
     * phone rule. When none does, the first given is returned, so validation reports why.
     */
    private static String phone(JsonNode order, JsonNode shipping) {
        JsonNode customer = order.get("customer");
        List<String> candidates = Stream.of(
                        text(shipping, "phone"),
                        text(order, "phone"),
                        customer == null ? null : text(customer, "phone"))
                .filter(phone -> phone != null && !phone.isBlank())
                .toList();
        return candidates.stream()
                .filter(PhoneNumber::valid)
                .findFirst()
                .orElse(candidates.isEmpty() ? null : candidates.getFirst());
    }

    private static ObjectNode stop(Stop stop) {
        ObjectNode node = NODES.objectNode();
        node.put("address", stop.address());
        if (stop.hasCoordinates()) {
            node.put("lat", stop.lat());
            node.put("lng", stop.lng());
        }
        if (stop.notes() != null) {
            node.put("notes", stop.notes());
        }
        return node;
    }

    /** address1, address2, city, zip and country, the ones given, joined; coordinates when Shopify has them. */
    private static ObjectNode dropoff(JsonNode shipping) {
        ObjectNode node = NODES.objectNode();
        String address = String.join(
                ", ",
                Stream.of("address1", "address2", "city", "zip", "country")
                        .map(field -> text(shipping, field))
                        .filter(part -> part != null && !part.isBlank())
                        .map(String::strip)
                        .toList());
        node.put("address", address);
        Double lat = coordinate(shipping.get("latitude"));
        Double lng = coordinate(shipping.get("longitude"));
        // Shopify sends 0 and 0 (or nulls) for an address it did not geocode: no coordinates, not the Gulf of Guinea
        if (lat != null && lng != null && !(lat == 0 && lng == 0)) {
            node.put("lat", lat);
            node.put("lng", lng);
        }
        return node;
    }

    /** A number, or a decimal string as the REST Admin API writes it ("45.41634"). */
    private static Double coordinate(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isNumber()) {
            return value.doubleValue();
        }
        if (value.isString()) {
            try {
                return Double.valueOf(value.stringValue().strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /**
     * {@code total_price} is a decimal string in the shop's currency ("409.94"); the delivery's
     * amount is exact minor units of that currency (its own number of fraction digits), never
     * rounded: an amount with more digits than the currency has is an error.
     */
    private static Long minorUnits(String totalPrice, String currency, FieldErrors errors) {
        if (totalPrice == null) {
            return null;
        }
        try {
            BigDecimal amount = new BigDecimal(totalPrice.strip());
            if (amount.signum() < 0) {
                throw new ArithmeticException("negative");
            }
            return amount.movePointRight(fractionDigits(currency)).setScale(0).longValueExact();
        } catch (ArithmeticException | NumberFormatException e) {
            errors.add(
                    "amountCents",
                    "total_price " + quoted(totalPrice) + " is not an amount of 0 or more in whole minor units");
            return null;
        }
    }

    private static int fractionDigits(String currency) {
        try {
            int digits = currency == null ? -1 : Currency.getInstance(currency).getDefaultFractionDigits();
            return digits < 0 ? DEFAULT_FRACTION_DIGITS : digits;
        } catch (IllegalArgumentException unknown) {
            return DEFAULT_FRACTION_DIGITS;
        }
    }

    private static String quoted(String text) {
        return "\"" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "\"";
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isString() ? value.stringValue() : null;
    }
}
