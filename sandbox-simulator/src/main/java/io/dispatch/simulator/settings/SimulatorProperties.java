package io.dispatch.simulator.settings;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The sandbox rider simulator's settings ({@code dispatch.simulator.*}). Durations of the
 * simulated world (waiting, collecting, handing over, travelling) are divided by the time
 * scale; the location interval is real time, so tracking moves smoothly at any scale.
 *
 * @param enabled switch; off by default and always off under the {@code production} or {@code prod} profile
 * @param riders how many simulated riders there are; each carries one delivery at a time
 * @param timeScale simulated seconds per real second (20: a 10-minute ride takes 30 s)
 * @param failShare share of deliveries, 0 to 1, that end FAILED at the door instead of DELIVERED
 * @param declineShare share, 0 to 1, of the engine's offers a simulated rider declines and of its automatic
 *     assignments it gives back (decisions.md §14); drawn from the offer's id, so a given offer always gets the
 *     same answer
 * @param acceptAfter how long a new delivery waits before a free simulated rider accepts it, and an offer or an
 *     automatic assignment before the rider answers it
 * @param pickupTime from accepting to confirming the pickup (the rider starts at the pickup point)
 * @param handoverTime from arriving at the dropoff to delivering (or failing)
 * @param locationInterval how often, in real time, a travelling rider reports its position
 * @param maxAge deliveries created longer ago than this are left alone (a first start does not take old ones)
 * @param baseUrl where the rider API is called; by default this process's own port on 127.0.0.1
 */
@ConfigurationProperties("dispatch.simulator")
public record SimulatorProperties(
        boolean enabled,
        Integer riders,
        Double timeScale,
        Double failShare,
        Double declineShare,
        Duration acceptAfter,
        Duration pickupTime,
        Duration handoverTime,
        Duration locationInterval,
        Duration maxAge,
        String baseUrl) {

    public SimulatorProperties {
        riders = riders == null ? 5 : riders;
        timeScale = timeScale == null ? 20.0 : timeScale;
        failShare = failShare == null ? 0.1 : failShare;
        declineShare = declineShare == null ? 0.1 : declineShare;
        acceptAfter = acceptAfter == null ? Duration.ofSeconds(30) : acceptAfter;
        pickupTime = pickupTime == null ? Duration.ofMinutes(2) : pickupTime;
        handoverTime = handoverTime == null ? Duration.ofMinutes(1) : handoverTime;
        locationInterval = locationInterval == null ? Duration.ofSeconds(2) : locationInterval;
        maxAge = maxAge == null ? Duration.ofHours(1) : maxAge;
        require(riders >= 1 && riders <= 1000, "riders must be 1 to 1000, was " + riders);
        require(timeScale > 0 && timeScale <= 100_000, "time-scale must be above 0 (at most 100000), was " + timeScale);
        require(failShare >= 0 && failShare <= 1, "fail-share must be 0 to 1, was " + failShare);
        require(declineShare >= 0 && declineShare <= 1, "decline-share must be 0 to 1, was " + declineShare);
        require(
                !acceptAfter.isNegative() && !pickupTime.isNegative() && !handoverTime.isNegative(),
                "accept-after, pickup-time and handover-time must not be negative");
        require(locationInterval.toMillis() >= 10, "location-interval must be at least 10 ms, was " + locationInterval);
        require(maxAge.isPositive(), "max-age must be positive, was " + maxAge);
    }

    /**
     * The longest ride in real time, whatever the distance: a drop-off typed on another continent
     * (a sandbox merchant's slip, a store's test order) would otherwise hold a simulated rider for
     * hours at any time scale.
     */
    public static final Duration LONGEST_REAL_RIDE = Duration.ofMinutes(2);

    /** The real time a simulated duration takes at this time scale. */
    public Duration real(Duration simulated) {
        return Duration.ofNanos(Math.round(simulated.toNanos() / timeScale));
    }

    /** The real time of a simulated ride: {@link #real}, at most {@link #LONGEST_REAL_RIDE}. */
    public Duration realRide(Duration simulated) {
        Duration real = real(simulated);
        return real.compareTo(LONGEST_REAL_RIDE) > 0 ? LONGEST_REAL_RIDE : real;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException("dispatch.simulator." + message);
        }
    }
}
