package io.dispatch.query.whatif;

import io.dispatch.logreport.read.SourceUnavailableException;
import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.logreport.scenario.ScenarioRequest;
import io.dispatch.policy.sim.Figures;
import io.dispatch.policy.sim.HourFigures;
import io.dispatch.policy.sim.OrderTimes;
import io.dispatch.policy.sim.Recorded;
import io.dispatch.policy.sim.Scenario;
import io.dispatch.policy.sim.ScenarioGenerator;
import io.dispatch.policy.sim.SimReport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in for log-report's reader of the log, and for it only (the jobs, PostgreSQL and HTTP stay real): a
 * generated day of {@value #ORDERS} orders with made-up recorded times. A few zone ids ask for something else: a
 * period too large, an unreadable log, or a read that waits until the test lets it go.
 */
final class MadeUpDays implements DayScenarios {

    static final int ORDERS = 40;
    static final int RIDERS = 6;
    /** More orders than the tests' dispatch.whatif.max-orders. */
    static final String CROWDED = "crowded";

    static final String UNREADABLE = "unreadable";
    static final String UNREADABLE_MESSAGE = "Kafka at localhost:1 cannot be reached within PT2M";
    /** A read of this zone waits for {@link #release()}. */
    static final String HELD = "held";

    static final List<String> NOTES =
            List.of("speedKmh derived from the zones' average speed", "2 orders without coordinates left out");

    final List<ScenarioRequest> requests = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch held = new CountDownLatch(1);

    @Override
    public LogScenario.Made read(ScenarioRequest request) {
        requests.add(request);
        if (UNREADABLE.equals(request.zoneId())) {
            throw new SourceUnavailableException(UNREADABLE_MESSAGE);
        }
        if (HELD.equals(request.zoneId())) {
            await(held);
        }
        Scenario scenario = CROWDED.equals(request.zoneId())
                ? ScenarioGenerator.generate(WhatIfRoutesTest.MAX_ORDERS + 1, RIDERS, 3, 7)
                : ScenarioGenerator.generate(ORDERS, RIDERS, 3, 7);
        return new LogScenario.Made(scenario, recorded(scenario), NOTES);
    }

    /** Lets the held reads go, and holds the next ones again. */
    void release() {
        CountDownLatch released = held;
        held = new CountDownLatch(1);
        released.countDown();
    }

    /** Every order assigned a minute after it was placed and delivered half an hour after. */
    private static Recorded recorded(Scenario scenario) {
        List<OrderTimes> times = scenario.orders().stream()
                .map(order -> new OrderTimes(
                        order.placedAt() * 1000,
                        order.readyAt() * 1000,
                        order.placedAt() * 1000 + 60_000,
                        order.readyAt() * 1000,
                        order.placedAt() * 1000 + 1_800_000))
                .toList();
        SimReport figures = Figures.of(
                scenario.targetClickToDoorSeconds(),
                times,
                2500.0 * times.size(),
                18,
                new SimReport.Offers(0, 0, 0),
                0);
        return new Recorded("made up by the test", figures, HourFigures.of(scenario.startAt(), times));
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(Duration.ofMinutes(2).toSeconds(), TimeUnit.SECONDS)) {
                throw new SourceUnavailableException("the test never let the held read go");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SourceUnavailableException("interrupted");
        }
    }
}
