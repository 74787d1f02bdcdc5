package io.dispatch.policy.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Section 14's best-rider rule, and the candidates a decision records. */
final class RiderRanking {

    static final int MAX_CANDIDATES = 10;

    /** A rider measured against one delivery's pickup. */
    record Measured(RiderState rider, double seconds, double meters) {}

    /** Shortest modelled time to the pickup, then fewest active deliveries, then longest since the last one ended. */
    static final Comparator<Measured> BEST_RIDER = Comparator.comparingDouble(Measured::seconds)
            .thenComparingInt(measured -> measured.rider().active.size())
            .thenComparing(measured -> measured.rider().lastFreedAt, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(measured -> measured.rider().riderId);

    private RiderRanking() {}

    static Measured measure(RiderState rider, DeliveryState delivery, TravelModel travel) {
        if (delivery.pickup == null || rider.position == null) {
            // without coordinates nobody is nearer than anybody: rank by load and idle time alone
            return new Measured(rider, 0, 0);
        }
        return new Measured(
                rider, travel.seconds(rider.position, delivery.pickup), travel.meters(rider.position, delivery.pickup));
    }

    static boolean inRadius(Measured measured, DeliveryState delivery) {
        return measured.meters() <= delivery.policy.radiusMeters();
    }

    /** The best {@value #MAX_CANDIDATES}, ranked; the chosen rider is always listed, with its true rank. */
    static List<Candidate> candidates(List<Measured> considered, RiderState chosen) {
        List<Measured> sorted = new ArrayList<>(considered);
        sorted.sort(BEST_RIDER);
        List<Candidate> candidates = new ArrayList<>();
        for (int index = 0; index < sorted.size(); index++) {
            Measured measured = sorted.get(index);
            boolean listed = index < MAX_CANDIDATES;
            boolean chosenBeyondTop = chosen != null && measured.rider() == chosen && !listed;
            if (listed || chosenBeyondTop) {
                if (chosenBeyondTop) {
                    candidates.remove(MAX_CANDIDATES - 1);
                }
                candidates.add(candidate(measured, index + 1));
            }
        }
        return candidates;
    }

    static Candidate candidate(Measured measured, int rank) {
        return new Candidate(
                measured.rider().riderId,
                Math.round(measured.seconds()),
                Math.round(measured.meters()),
                measured.rider().active.size(),
                rank);
    }

    /** Cost of giving the delivery to the rider in the matching (see CoreConfig for the weights). */
    static double matchingCost(Measured measured, DeliveryState delivery, Instant now, CoreConfig config) {
        double readyIn = delivery.readyAt == null
                ? 0
                : Math.max(0, Duration.between(now, delivery.readyAt).toMillis() / 1000.0);
        double waited = Math.max(0, Duration.between(delivery.openedAt, now).toMillis() / 1000.0);
        double idle = measured.rider().lastFreedAt == null
                ? 0
                : Math.max(
                        0, Duration.between(measured.rider().lastFreedAt, now).toMillis() / 1000.0);
        return Math.max(measured.seconds(), readyIn)
                + config.deadheadWeight() * measured.seconds()
                + config.activeDeliveryPenaltySeconds()
                        * measured.rider().active.size()
                - config.ageWeight() * waited
                - 1e-6 * idle;
    }
}
