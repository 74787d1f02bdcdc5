package io.dispatch.logreport.scenario;

import io.dispatch.policy.core.Policy;
import io.dispatch.policy.core.TravelModel;
import io.dispatch.policy.sim.Figures;
import io.dispatch.policy.sim.HourFigures;
import io.dispatch.policy.sim.OrderTimes;
import io.dispatch.policy.sim.Recorded;
import io.dispatch.policy.sim.Scenario;
import io.dispatch.policy.sim.SimReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Puts the scenario together once the log is read: its orders, riders, policy and settings, and the recorded figures
 * of the same orders, computed by the simulator's own {@link Figures} (docs/dispatch-simulator.md, "A scenario from
 * the log").
 */
final class ScenarioAssembly {

    static final double DEFAULT_SPEED_KMH = 20;
    static final double DEFAULT_DETOUR_FACTOR = 1.0;
    static final int DEFAULT_TARGET_SECONDS = 2400;
    static final int RIDER_LOOK_SECONDS = 60;
    private static final int LISTED = 10;

    private final ScenarioRequest request;
    private final OrderBook book;
    private final RiderFixes fixes;
    private final StoreSettings store;
    private final boolean fixesFromEvents;
    private final long unreadable;
    private final List<String> notes = new ArrayList<>();

    ScenarioAssembly(
            ScenarioRequest request,
            OrderBook book,
            RiderFixes fixes,
            StoreSettings store,
            boolean fixesFromEvents,
            long unreadable) {
        this.request = request;
        this.book = book;
        this.fixes = fixes;
        this.store = store;
        this.fixesFromEvents = fixesFromEvents;
        this.unreadable = unreadable;
    }

    LogScenario.Made make(String source) {
        Instant from = request.from();
        Instant horizon = book.horizon();
        ScenarioSettings settings = request.settings() == null ? ScenarioSettings.derived() : request.settings();
        List<OrderTrack> orders = new ArrayList<>(book.orders.values());
        orders.sort(Comparator.comparing((OrderTrack order) -> order.createdAt)
                .thenComparing(order -> order.dispatchId.toString()));
        noteOrders(orders, horizon);
        double speed = travel("speedKmh", settings.speedKmh(), store.speedKmh(), DEFAULT_SPEED_KMH);
        double detour = travel("detourFactor", settings.detourFactor(), store.detourFactor(), DEFAULT_DETOUR_FACTOR);
        int pickupService = given("pickupServiceSeconds", settings.pickupServiceSeconds(), 0);
        int dropoffService = given("dropoffServiceSeconds", settings.dropoffServiceSeconds(), 0);
        int target = target(settings.targetClickToDoorSeconds());
        RiderAssembly.Riders riders = RiderAssembly.of(book, fixes, from, horizon, new TravelModel(detour, speed));
        noteRiders(riders);
        PolicyDerivation derivation = new PolicyDerivation(book, store, notes);
        Policy policy = derivation.policy();
        int acceptSeconds = derivation.riderAcceptSeconds();
        double acceptShare = derivation.riderAcceptShare();
        notes.add("riderLookSeconds " + RIDER_LOOK_SECONDS + " (MANUAL riders' look at the open list): the default");
        Scenario scenario = new Scenario(
                "log " + request.from() + ".." + request.to()
                        + (request.zoneId() == null ? "" : " zone " + request.zoneId()),
                from,
                speed,
                detour,
                pickupService,
                dropoffService,
                target,
                acceptSeconds,
                acceptShare,
                RIDER_LOOK_SECONDS,
                policy,
                riders.riders(),
                orders.stream()
                        .map(order -> {
                            long placedAt = RiderAssembly.seconds(from, order.createdAt);
                            return new Scenario.Order(
                                    order.dispatchId.toString(), placedAt, placedAt, order.pickup, order.dropoff);
                        })
                        .toList());
        List<OrderTimes> times = times(orders, from);
        SimReport figures = Figures.of(
                target,
                times,
                riders.meters(),
                riders.shiftHours(),
                new SimReport.Offers(
                        book.offersMade + book.autoAssigned, book.offersDeclined + book.givenBack, book.offersExpired),
                0);
        return new LogScenario.Made(
                scenario, new Recorded(source, figures, HourFigures.of(from, times)), List.copyOf(notes));
    }

    /** What happened to each order, in milliseconds after {@code from}. */
    private List<OrderTimes> times(List<OrderTrack> orders, Instant from) {
        int withoutPickup = 0;
        List<OrderTimes> times = new ArrayList<>();
        for (OrderTrack order : orders) {
            long placedAt = Duration.between(from, order.createdAt).toMillis();
            Long delivered = millis(from, order.deliveredAt);
            Long pickedUp = millis(from, order.pickedUpAt);
            if (delivered != null && pickedUp == null) {
                withoutPickup++;
                pickedUp = delivered; // the simulator's figures need a pick-up for every delivery
            }
            times.add(new OrderTimes(placedAt, placedAt, millis(from, order.assignedAt), pickedUp, delivered));
        }
        if (withoutPickup > 0) {
            notes.add(withoutPickup + " delivered order(s) have no dispatch.picked_up: picked up when delivered");
        }
        return times;
    }

    private void noteOrders(List<OrderTrack> orders, Instant horizon) {
        notes.add(orders.size() + " orders created in [" + request.from() + ", " + request.to() + ")"
                + (request.zoneId() == null ? "" : " in zone " + request.zoneId())
                + ", followed to the end of the last one's life, " + horizon
                + "; readyAt = placedAt (the API has no ready time)");
        if (book.otherZones > 0) {
            notes.add(book.otherZones + " orders of other zones not counted");
        }
        if (!book.withoutCoordinates.isEmpty()) {
            notes.add(book.withoutCoordinates.size() + " orders left out: no pickup or dropoff coordinates "
                    + listed(book.withoutCoordinates));
        }
        if (unreadable > 0) {
            notes.add(unreadable + " unreadable log entries skipped (log-report without --scenario lists them)");
        }
    }

    private void noteRiders(RiderAssembly.Riders riders) {
        notes.add((riders.riders().size() - riders.withoutFixes().size())
                + " riders: one per run of fixes with no gap over "
                + RiderFixes.FRESHNESS.toMinutes() + " min that overlaps the period, from "
                + (fixesFromEvents
                        ? "the deliveries' dispatch.location_updated (the event store has no rider-positions: only"
                                + " fixes while a rider held a delivery, throttled, so shifts and metres are coarser)"
                        : "rider-positions")
                + "; maxActive = the most of these orders each held at once");
        if (!riders.withoutFixes().isEmpty()) {
            notes.add(riders.withoutFixes().size() + " more riders held orders but have no fix in the period: on shift"
                    + " from their first assignment at its pickup to their last order's end, no metres "
                    + listed(riders.withoutFixes()));
        }
        if (fixes.invalid > 0) {
            notes.add(fixes.invalid + " fixes without a rider, time or valid position skipped");
        }
    }

    private double travel(String name, Double given, Double stored, double fallback) {
        if (given != null) {
            notes.add(name + " " + given + ": given");
            return given;
        }
        if (stored != null) {
            notes.add(name + " " + stored + ": " + store.travelFrom());
            return stored;
        }
        notes.add(name + " " + fallback + ": the default (not in the log)");
        return fallback;
    }

    private int given(String name, Integer given, int fallback) {
        notes.add(name + " " + Objects.requireNonNullElse(given, fallback)
                + (given != null ? ": given" : ": the default (not in the log)"));
        return given != null ? given : fallback;
    }

    private int target(Integer given) {
        if (given != null) {
            notes.add("targetClickToDoorSeconds " + given + ": given");
            return given;
        }
        List<Long> targets = book.orders.values().stream()
                .map(order -> order.targetDeliverySeconds)
                .filter(Objects::nonNull)
                .filter(seconds -> seconds > 0)
                .toList();
        Long median = Medians.of(targets);
        if (median == null || median > Integer.MAX_VALUE) {
            notes.add("targetClickToDoorSeconds " + DEFAULT_TARGET_SECONDS + ": no order has a deliver-by target");
            return DEFAULT_TARGET_SECONDS;
        }
        notes.add("targetClickToDoorSeconds " + median + ": the median targetDeliverySeconds of " + targets.size()
                + " orders");
        return median.intValue();
    }

    private static Long millis(Instant from, Instant at) {
        return at == null ? null : Duration.between(from, at).toMillis();
    }

    private static String listed(List<UUID> ids) {
        List<String> shown = ids.stream().limit(LISTED).map(UUID::toString).toList();
        return "(" + String.join(", ", shown) + (ids.size() > LISTED ? ", ..." : "") + ")";
    }
}
