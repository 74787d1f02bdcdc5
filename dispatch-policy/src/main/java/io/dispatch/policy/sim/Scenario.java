package io.dispatch.policy.sim;

import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import java.time.Instant;
import java.util.List;

/**
 * A day to simulate (decisions.md section 14's scenario file). Times of riders and orders are seconds after
 * {@code startAt}. The policy's zone is {@code default}: every order of a scenario is in it.
 */
public record Scenario(
        String name,
        Instant startAt,
        double speedKmh,
        double detourFactor,
        int pickupServiceSeconds,
        int dropoffServiceSeconds,
        int targetClickToDoorSeconds,
        int riderAcceptSeconds,
        double riderAcceptShare,
        int riderLookSeconds,
        Policy policy,
        List<Rider> riders,
        List<Order> orders) {

    public record Rider(String id, double lat, double lng, long onAt, long offAt, int maxActive) {
        public Point position() {
            return new Point(lat, lng);
        }
    }

    public record Order(String id, long placedAt, long readyAt, Point pickup, Point dropoff) {}

    public Scenario {
        riders = List.copyOf(riders);
        orders = List.copyOf(orders);
    }

    public Scenario withPolicy(Policy replacement) {
        return with(replacement, riders);
    }

    /** Every rider may hold up to {@code maxActive} deliveries (dispatch-sim's --max-active). */
    public Scenario withMaxActive(int maxActive) {
        return with(
                policy,
                riders.stream()
                        .map(rider ->
                                new Rider(rider.id(), rider.lat(), rider.lng(), rider.onAt(), rider.offAt(), maxActive))
                        .toList());
    }

    private Scenario with(Policy newPolicy, List<Rider> newRiders) {
        return new Scenario(
                name,
                startAt,
                speedKmh,
                detourFactor,
                pickupServiceSeconds,
                dropoffServiceSeconds,
                targetClickToDoorSeconds,
                riderAcceptSeconds,
                riderAcceptShare,
                riderLookSeconds,
                newPolicy,
                newRiders,
                orders);
    }

    public Scenario withRiderAcceptShare(double share) {
        return new Scenario(
                name,
                startAt,
                speedKmh,
                detourFactor,
                pickupServiceSeconds,
                dropoffServiceSeconds,
                targetClickToDoorSeconds,
                riderAcceptSeconds,
                share,
                riderLookSeconds,
                policy,
                riders,
                orders);
    }
}
