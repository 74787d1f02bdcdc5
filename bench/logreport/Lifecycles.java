package logreport;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Realistic delivery lifecycles from a seeded random: creates, assignments, pick-ups, departures,
 * location updates, deliveries, failures and cancellations over 50 merchants, in time order.
 */
final class Lifecycles {

    /** One event of the log with its time and its sequence in its delivery. */
    record Seeded(Instant at, long sequence, DispatchEvent event) {}

    private Lifecycles() {}

    /** Whole lifecycles until there are at least {@code target} events, sorted by time. */
    static List<Seeded> generate(int target) {
        Random random = new Random(42);
        List<UUID> merchants = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            merchants.add(new UUID(0xAAAAL, i));
        }
        Instant start = Instant.now().minus(Duration.ofDays(1)); // within any retention
        List<Seeded> log = new ArrayList<>(target + 16);
        for (int i = 0; log.size() < target; i++) {
            UUID dispatch = new UUID(0xDDDDL, i);
            UUID merchant = merchants.get(random.nextInt(merchants.size()));
            UUID rider = new UUID(0xCCCCL, random.nextInt(500));
            Instant t = start.plusMillis(i * 500L);
            long seq = 0;
            log.add(new Seeded(
                    t,
                    seq++,
                    new DispatchCreated(
                            dispatch,
                            merchant,
                            t,
                            Actor.merchant(merchant),
                            "order-" + i,
                            "Customer " + i,
                            "+254700" + String.format("%06d", i % 1_000_000),
                            new Stop("Kenyatta Ave " + i, -1.2841, 36.8219, null),
                            new Stop("Ngong Rd " + i, -1.3001, 36.7833, "gate 2"),
                            PaymentType.PREPAID,
                            0,
                            25000,
                            "KES",
                            t.plusSeconds(1800),
                            t.plusSeconds(3600),
                            "nairobi-cbd",
                            Source.API,
                            UUID.randomUUID().toString(),
                            "1234")));
            if (random.nextInt(100) < 5) {
                t = t.plusSeconds(60 + random.nextInt(600));
                log.add(new Seeded(
                        t, seq, new DispatchCancelled(dispatch, merchant, t, Actor.merchant(merchant), "no")));
                continue;
            }
            Actor actor = Actor.rider(rider);
            t = t.plusSeconds(30 + random.nextInt(300));
            log.add(new Seeded(t, seq++, new RiderAssigned(dispatch, merchant, t, actor, rider, null)));
            if (random.nextInt(100) < 10) {
                t = t.plusSeconds(60 + random.nextInt(900));
                log.add(new Seeded(
                        t,
                        seq,
                        new DispatchFailed(
                                dispatch, merchant, t, actor, FailureReason.CUSTOMER_UNREACHABLE, "no answer")));
                continue;
            }
            t = t.plusSeconds(300 + random.nextInt(1800));
            log.add(new Seeded(t, seq++, new DispatchPickedUp(dispatch, merchant, t, actor, rider)));
            t = t.plusSeconds(30 + random.nextInt(120));
            log.add(new Seeded(t, seq++, new DispatchDeparted(dispatch, merchant, t, actor, rider)));
            int fixes = 2 + random.nextInt(6);
            for (int f = 0; f < fixes; f++) {
                t = t.plusSeconds(20 + random.nextInt(200));
                log.add(new Seeded(
                        t,
                        seq++,
                        new RiderLocationUpdated(
                                dispatch,
                                merchant,
                                t,
                                actor,
                                rider,
                                -1.29 + random.nextDouble() / 100,
                                36.80 + random.nextDouble() / 100,
                                t)));
            }
            t = t.plusSeconds(60 + random.nextInt(600));
            log.add(new Seeded(
                    t,
                    seq,
                    new DispatchDelivered(
                            dispatch,
                            merchant,
                            t,
                            actor,
                            rider,
                            new ProofOfDelivery(ProofOfDelivery.ProofType.PIN, "Customer " + i, t, null, null))));
        }
        log.sort(Comparator.comparing(Seeded::at));
        return log;
    }
}
