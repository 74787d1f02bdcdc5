package io.dispatch.command.shopify.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.shopify.application.MappedOrder;
import io.dispatch.command.shopify.application.MappedOrder.Deliverable;
import io.dispatch.command.shopify.application.MappedOrder.Invalid;
import io.dispatch.command.shopify.application.MappedOrder.NoShippingAddress;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Stop;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The rules of docs/shopify.md on bodies cut down to the fields they read (the full shapes are in deploy's tests). */
class ShopifyOrderMappingTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ShopifyOrderMapping MAPPING = new ShopifyOrderMapping();
    private static final Stop PICKUP = new Stop("Moi Avenue 1", -1.2841, 36.8233, null);

    private static MappedOrder map(String order) {
        return MAPPING.map(JSON.readTree(order), PICKUP);
    }

    private static Deliverable deliverable(String order) {
        MappedOrder mapped = map(order);
        assertThat(mapped).as("%s", mapped).isInstanceOf(Deliverable.class);
        return (Deliverable) mapped;
    }

    @Test
    void the_amount_is_exact_minor_units_of_the_order_s_currency() {
        assertThat(deliverable(order("\"total_price\":\"0.10\",\"currency\":\"USD\""))
                        .order()
                        .amountCents())
                .isEqualTo(10);
        assertThat(deliverable(order("\"total_price\":\"1500\",\"currency\":\"JPY\""))
                        .order()
                        .amountCents())
                .as("yen have no minor unit")
                .isEqualTo(1500);
        assertThat(deliverable(order("\"total_price\":\"12.345\",\"currency\":\"KWD\""))
                        .order()
                        .amountCents())
                .isEqualTo(12345);
        MappedOrder rounded = map(order("\"total_price\":\"12.345\",\"currency\":\"USD\""));
        assertThat(rounded).isInstanceOf(Invalid.class);
        assertThat(((Invalid) rounded).detail()).startsWith("amountCents: total_price \"12.345\"");
    }

    @Test
    void pending_is_cash_on_delivery_and_everything_else_prepaid() {
        assertThat(deliverable(order("\"financial_status\":\"pending\""))
                        .order()
                        .paymentType())
                .isEqualTo(PaymentType.COD);
        assertThat(deliverable(order("\"financial_status\":\"paid\"")).order().paymentType())
                .isEqualTo(PaymentType.PREPAID);
        assertThat(deliverable(order("\"financial_status\":null")).order().paymentType())
                .isEqualTo(PaymentType.PREPAID);
    }

    @Test
    void the_first_phone_that_passes_the_rule_wins_and_none_is_invalid_on_customer_phone() {
        String shipping = "{\"name\":\"Amina\",\"address1\":\"Ngong Rd 12\",\"phone\":\"555-555-SHIP\"}";
        assertThat(deliverable("""
        {"name":"#1","shipping_address":%s,"phone":null,"customer":{"phone":"+254700000001"}}""".formatted(shipping)).order().customerPhone()).isEqualTo("+254700000001");
        MappedOrder none = map("{\"name\":\"#1\",\"shipping_address\":" + shipping + "}");
        assertThat(((Invalid) none).fieldErrors()).containsOnlyKeys("customerPhone");
    }

    @Test
    void no_shipping_address_or_a_body_that_is_no_object_makes_no_delivery() {
        assertThat(map("{\"name\":\"#7\",\"shipping_address\":null}")).isEqualTo(new NoShippingAddress("#7"));
        assertThat(map("{\"name\":\"#7\"}")).isEqualTo(new NoShippingAddress("#7"));
        assertThat(MAPPING.map(null, PICKUP)).isInstanceOf(Invalid.class);
        assertThat(map("[1,2]")).isInstanceOf(Invalid.class);
    }

    @Test
    void coordinates_come_as_numbers_or_strings_and_zero_zero_is_none() {
        assertThat(deliverable(shippingWith("\"latitude\":-1.3,\"longitude\":36.78"))
                        .order()
                        .dropoff()
                        .lat())
                .isEqualTo(-1.3);
        assertThat(deliverable(shippingWith("\"latitude\":\"-1.3\",\"longitude\":\"36.78\""))
                        .order()
                        .dropoff()
                        .lng())
                .isEqualTo(36.78);
        assertThat(deliverable(shippingWith("\"latitude\":0,\"longitude\":0"))
                        .order()
                        .dropoff()
                        .hasCoordinates())
                .isFalse();
    }

    private static String order(String fields) {
        return """
        {"name":"#1001","currency":"USD","total_price":"10.00",
         "shipping_address":{"name":"Amina Njeri","address1":"Ngong Rd 12","city":"Nairobi","phone":"+254700000001"},
         %s}""".formatted(fields);
    }

    private static String shippingWith(String fields) {
        return """
        {"name":"#1","shipping_address":{"name":"Amina","address1":"Ngong Rd 12","phone":"+254700000001",%s}}""".formatted(fields);
    }
}
