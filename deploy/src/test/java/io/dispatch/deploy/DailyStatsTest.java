package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The merchant's overview figures (GET /api/v1/external/stats/daily) over real HTTP against the
 * whole service: deliveries driven to each final status by a rider, an operator and the merchant,
 * counted on their UTC day with the on-time share against each one's targetDeliveryAt; every day
 * of the period present; only the caller's deliveries.
 */
class DailyStatsTest {

    private static final String STATS = "/api/v1/external/stats/daily";
    private static final String ORDER = """
      {"customerName":"Achieng Odhiambo","customerPhone":"+254 700 000 031","externalId":"%s",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},
       "paymentType":"PREPAID","targetPickupAt":"%s","targetDeliveryAt":"%s"}""";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    private static String create(Merchant m, String externalId, Instant pickupBy, Instant deliverBy) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(m.apiKey()),
                        ORDER.formatted(externalId, pickupBy, deliverBy),
                        201)
                .data()
                .get("id")
                .asText();
    }

    private static void deliver(Merchant m, Rider rider, String id) throws Exception {
        String pin = dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200)
                .data()
                .get("deliveryPin")
                .asText();
        for (String action : List.of("accept", "pickup", "depart")) {
            dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/" + action, rider(rider), null, 200);
        }
        dispatch.deliverWithPin(rider, id, "Achieng", pin, 200);
    }

    private static Answer stats(Merchant m, String query) throws Exception {
        return dispatch.call("GET", STATS + query, Map.of("X-API-Key", m.apiKey()), null, 200);
    }

    /** The sum of one figure over every day of the answer: immune to a run that crosses UTC midnight. */
    private static long total(JsonNode days, String figure) {
        long sum = 0;
        for (JsonNode day : days) {
            sum += day.get(figure).asLong();
        }
        return sum;
    }

    @Test
    void each_day_counts_the_merchants_deliveries_by_final_status_with_the_on_time_share() throws Exception {
        Merchant m = dispatch.newMerchant("Stats " + UUID.randomUUID());
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Instant future = now.plus(30, ChronoUnit.DAYS);
        String onTime = create(m, "on-time", future.minus(1, ChronoUnit.HOURS), future);
        String late = create(m, "late", now.minus(2, ChronoUnit.HOURS), now.minus(1, ChronoUnit.HOURS));
        String alsoOnTime = create(m, "also-on-time", future.minus(1, ChronoUnit.HOURS), future);
        String failed = create(m, "failed", future.minus(1, ChronoUnit.HOURS), future);
        String cancelled = create(m, "cancelled", future.minus(1, ChronoUnit.HOURS), future);
        create(m, "still-new", future.minus(1, ChronoUnit.HOURS), future);

        Rider rider = dispatch.newRider("Stats rider");
        deliver(m, rider, onTime);
        deliver(m, rider, late);
        deliver(m, rider, alsoOnTime);
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + failed + "/fail",
                admin(),
                "{\"reasonCode\":\"DAMAGED\",\"detail\":\"crushed\"}",
                200);
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + cancelled + "/status",
                merchant(m.apiKey()),
                "{\"status\":\"CANCELLED\",\"reason\":\"not needed\"}",
                200);

        Answer answer = stats(m, "");
        JsonNode days = answer.data();
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        assertThat(days).as("14 days by default, every one present").hasSize(14);
        assertThat(days.get(13).get("date").asText())
                .as("oldest first, today last")
                .isIn(today.toString(), today.minusDays(1).toString());
        assertThat(LocalDate.parse(days.get(0).get("date").asText()))
                .isEqualTo(LocalDate.parse(days.get(13).get("date").asText()).minusDays(13));
        assertThat(answer.json().get("meta").get("days").asInt()).isEqualTo(14);
        assertThat(answer.json().get("meta").get("timeZone").asText()).isEqualTo("UTC");
        assertThat(answer.json().get("meta").get("to").asText())
                .isEqualTo(days.get(13).get("date").asText());

        assertThat(total(days, "created")).isEqualTo(6);
        assertThat(total(days, "delivered")).isEqualTo(3);
        assertThat(total(days, "failed")).isEqualTo(1);
        assertThat(total(days, "cancelled")).isEqualTo(1);
        assertThat(total(days, "onTime")).isEqualTo(2);
        assertThat(total(days, "late")).isEqualTo(1);
        JsonNode busiest = days.get(13).get("delivered").asLong() == 3 ? days.get(13) : days.get(12);
        assertThat(busiest.get("onTimeShare").asDouble()).isEqualTo(0.6667);
        assertThat(days.get(0).get("created").asLong())
                .as("a day without deliveries is zeros")
                .isZero();
        assertThat(days.get(0).has("onTimeShare")).isTrue();
        assertThat(days.get(0).get("onTimeShare").isNull())
                .as("no delivered ones: no share")
                .isTrue();

        JsonNode one = stats(m, "?days=1").data();
        assertThat(one).hasSize(1);
        assertThat(stats(m, "?days=90").data()).hasSize(90);
    }

    @Test
    void another_merchant_sees_only_zeros_and_days_outside_one_to_ninety_are_refused() throws Exception {
        Merchant busy = dispatch.newMerchant("Stats busy " + UUID.randomUUID());
        Merchant other = dispatch.newMerchant("Stats other " + UUID.randomUUID());
        Instant future = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        String id = create(busy, "busy-1", future.minus(1, ChronoUnit.HOURS), future);
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + id + "/status",
                merchant(busy.apiKey()),
                "{\"status\":\"CANCELLED\"}",
                200);
        assertThat(total(stats(busy, "?days=2").data(), "cancelled"))
                .as("the owner's figures count it")
                .isEqualTo(1);

        JsonNode days = stats(other, "?days=7").data();
        assertThat(days).hasSize(7).allSatisfy(day -> {
            for (String figure : List.of("created", "delivered", "failed", "cancelled", "onTime", "late")) {
                assertThat(day.get(figure).asLong()).as(figure).isZero();
            }
            assertThat(day.get("onTimeShare").isNull()).isTrue();
        });

        for (String days2 : List.of("0", "91", "-1", "abc", "", "1.5", "14&days=15")) {
            Answer refused =
                    dispatch.call("GET", STATS + "?days=" + days2, Map.of("X-API-Key", other.apiKey()), null, 422);
            assertThat(refused.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(refused.error().get("details").get("fieldErrors").has("days"))
                    .as(days2)
                    .isTrue();
        }
        String readOnly = dispatch.newKey(other.id(), "read");
        dispatch.call("GET", STATS, Map.of("X-API-Key", readOnly), null, 200);
    }
}
