package io.dispatch.policy.core;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Given facts, when a fact or a tick, expect decisions: the decider style of the core's rules tests. */
final class CoreFixture {

    static final Instant T0 = Instant.parse("2026-11-27T09:00:00Z");
    static final Point HUB = new Point(-1.2921, 36.8219);

    final DispatchCore core;
    final List<Fact> history = new ArrayList<>();

    CoreFixture() {
        this(CoreConfig.defaults());
    }

    CoreFixture(CoreConfig config) {
        this.core = new DispatchCore(config);
    }

    CoreFixture(CoreConfig config, PlanningConfig planning) {
        this.core = new DispatchCore(config, planning);
    }

    static CoreFixture withPolicy(Mode mode) {
        return withPolicy(mode, 5, Fallback.OPERATOR_QUEUE);
    }

    static CoreFixture withPolicy(Mode mode, int maxOffers, Fallback fallback) {
        CoreFixture fixture = new CoreFixture();
        fixture.given(
                new Fact.PolicyChanged(
                        new Policy(Policy.DEFAULT_ZONE, mode, Duration.ofSeconds(30), maxOffers, 5000, fallback, 3),
                        T0),
                new Fact.ZoneTravel(Policy.DEFAULT_ZONE, new TravelModel(1.0, 18.0), T0));
        return fixture;
    }

    /** Applies facts as history, dropping their decisions (as a replay does). */
    CoreFixture given(Fact... facts) {
        for (Fact fact : facts) {
            history.add(fact);
            core.apply(fact);
        }
        return this;
    }

    List<Decision> when(Fact fact) {
        history.add(fact);
        return core.apply(fact);
    }

    List<Decision> whenAll(Fact... facts) {
        List<Decision> decisions = new ArrayList<>();
        for (Fact fact : facts) {
            decisions.addAll(when(fact));
        }
        return decisions;
    }

    List<Decision> whenTick(Instant now) {
        return core.tick(now);
    }

    static UUID id(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }

    static Instant at(long seconds) {
        return T0.plusSeconds(seconds);
    }

    /** A point {@code meters} east of the hub (positive) or west (negative). */
    static Point east(double meters) {
        return new Point(HUB.lat(), HUB.lng() + meters / (111_320 * Math.cos(Math.toRadians(HUB.lat()))));
    }

    static Fact[] riderOn(UUID riderId, Point position, long atSeconds) {
        return riderOn(riderId, position, atSeconds, false, 1);
    }

    static Fact[] riderOn(UUID riderId, Point position, long atSeconds, boolean sandbox, int maxActive) {
        return new Fact[] {
            new Fact.RiderShift(riderId, true, sandbox, maxActive, at(atSeconds)),
            new Fact.RiderPosition(riderId, position, at(atSeconds))
        };
    }

    static Fact.DeliveryOpened opened(UUID dispatchId, Point pickup, long atSeconds) {
        return new Fact.DeliveryOpened(dispatchId, at(atSeconds), Policy.DEFAULT_ZONE, pickup, null, false);
    }

    /** The fact the aggregate records when it carries out an offer decision. */
    static Fact.OfferMade made(Decision.Offer offer, long atSeconds) {
        return new Fact.OfferMade(
                offer.dispatchId(), offer.offerId(), offer.riderId(), offer.expiresAt(), at(atSeconds));
    }

    static Fact.OfferEnded ended(Decision.Offer offer, OfferOutcome outcome, long atSeconds) {
        return new Fact.OfferEnded(offer.dispatchId(), offer.offerId(), offer.riderId(), outcome, at(atSeconds));
    }

    /** BATCHED: the first automatic assignment among {@code decisions} (an insertion into a route). */
    static Decision.AutoAssign insertion(List<Decision> decisions) {
        return decisions.stream()
                .filter(Decision.AutoAssign.class::isInstance)
                .map(Decision.AutoAssign.class::cast)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no insertion in " + decisions));
    }

    static Decision.Offer onlyOffer(List<Decision> decisions) {
        if (decisions.size() != 1 || !(decisions.getFirst() instanceof Decision.Offer offer)) {
            throw new AssertionError("expected exactly one offer, got " + decisions);
        }
        return offer;
    }
}
