package io.dispatch.policy.sim;

import io.dispatch.policy.core.Fallback;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Generates a scenario day unlike the samples the policies were tuned on: another city centre spread, restaurants of
 * uneven popularity, a lunch and a dinner peak, a detour factor and speed of its own, riders with one or two bags and
 * staggered shifts. The same arguments and seed give the same day.
 */
public final class ScenarioGenerator {

    private static final Point CENTRE = new Point(-1.2864, 36.8172);
    private static final double METERS_PER_DEGREE = 111_320;

    private ScenarioGenerator() {}

    public static Scenario generate(int orderCount, int riderCount, double hours, long seed) {
        Random random = new Random(seed);
        long daySeconds = Math.round(hours * 3600);
        int restaurantCount = Math.max(8, orderCount / 20);
        List<Point> restaurants = new ArrayList<>();
        for (int index = 0; index < restaurantCount; index++) {
            restaurants.add(around(CENTRE, 3500 * Math.sqrt(random.nextDouble()), random));
        }
        List<Scenario.Order> orders = new ArrayList<>();
        for (int index = 0; index < orderCount; index++) {
            long placedAt = placedAt(daySeconds, random);
            // popularity falls with the restaurant's index: a few busy kitchens, many quiet ones
            Point pickup = restaurants.get((int) (restaurantCount * Math.pow(random.nextDouble(), 2)));
            Point dropoff = around(pickup, 500 + 4000 * random.nextDouble(), random);
            long readyAt = placedAt + 240 + random.nextInt(1260);
            orders.add(new Scenario.Order("g" + index, placedAt, readyAt, pickup, dropoff));
        }
        orders.sort(Comparator.comparingLong(Scenario.Order::placedAt).thenComparing(Scenario.Order::id));
        List<Scenario.Rider> riders = new ArrayList<>();
        for (int index = 0; index < riderCount; index++) {
            // a third start with the day, the rest at any time that leaves a shift of at least three hours
            long length = 3 * 3600 + random.nextInt(3 * 3600);
            boolean early = random.nextDouble() < 0.33;
            long latestStart = Math.max(0, daySeconds - 3 * 3600);
            long onAt = early ? random.nextInt(600) : (long) (random.nextDouble() * latestStart);
            long offAt = Math.min(daySeconds, onAt + length);
            Point home = around(CENTRE, 4000 * Math.sqrt(random.nextDouble()), random);
            int maxActive = random.nextDouble() < 0.7 ? 2 : 1;
            riders.add(new Scenario.Rider("r" + index, home.lat(), home.lng(), onAt, offAt, maxActive));
        }
        Policy policy = new Policy(
                Policy.DEFAULT_ZONE, Mode.RANKED, Duration.ofSeconds(30), 5, 5000, Fallback.OPERATOR_QUEUE, 1);
        return new Scenario(
                "generated-" + orderCount + "o-" + riderCount + "r-seed" + seed,
                Instant.parse("2026-11-03T10:00:00Z"),
                16 + 6 * random.nextDouble(),
                1.2 + 0.2 * random.nextDouble(),
                180 + random.nextInt(121),
                180 + random.nextInt(121),
                2400,
                10,
                1.0,
                60,
                policy,
                riders,
                orders);
    }

    /** Two peaks (a quarter and three quarters into the day) over a steady base, by rejection sampling. */
    private static long placedAt(long daySeconds, Random random) {
        while (true) {
            double fraction = random.nextDouble();
            double rate = 0.4
                    + Math.exp(-Math.pow((fraction - 0.25) / 0.08, 2))
                    + 1.2 * Math.exp(-Math.pow((fraction - 0.75) / 0.1, 2));
            if (random.nextDouble() * 1.7 < rate) {
                return Math.round(fraction * daySeconds);
            }
        }
    }

    private static Point around(Point centre, double meters, Random random) {
        double bearing = random.nextDouble() * 2 * Math.PI;
        double north = meters * Math.cos(bearing) / METERS_PER_DEGREE;
        double east = meters * Math.sin(bearing) / (METERS_PER_DEGREE * Math.cos(Math.toRadians(centre.lat())));
        return new Point(round(centre.lat() + north), round(centre.lng() + east));
    }

    private static double round(double degrees) {
        return Math.round(degrees * 1e6) / 1e6;
    }
}
