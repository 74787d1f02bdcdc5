package io.dispatch.engine.loop;

import io.dispatch.engine.command.CommandDecisions;
import io.dispatch.engine.intake.EventFacts;
import io.dispatch.engine.intake.LogIntake;
import io.dispatch.engine.intake.StoreIntake;
import io.dispatch.events.EventEnvelope;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.RouteSolver;
import io.dispatch.planner.SolveBudget;
import io.dispatch.policy.core.Decision;
import io.dispatch.policy.core.DispatchCore;
import io.dispatch.policy.core.Fact;
import io.dispatch.policy.core.Policy;
import io.dispatch.policy.core.RouteSnapshot;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's one thread of decisions: it owns the {@link DispatchCore} (which is not thread-safe)
 * and feeds it the log's facts, the stores' changes and the clock's ticks, in the order they come.
 * Every instance keeps the state; only the leading one, once it has read the log up to where it
 * stood at start, sends the decisions to the aggregate. The others drop them: the leader's
 * decisions come back to them through the log like everyone else's.
 */
public final class EngineLoop implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EngineLoop.class);

    private final DispatchCore core;
    private final StoreIntake store;
    private final EventFacts eventFacts;
    private final CommandDecisions commands;
    private final EngineMetrics metrics;
    private final Clock clock;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("dispatch-engine").daemon().factory());
    private final ExecutorService planner = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("dispatch-planner").daemon().factory());
    private boolean planning;
    private volatile boolean leading;
    private boolean caughtUp;
    private boolean storeRead;

    public EngineLoop(
            DispatchCore core, StoreIntake store, CommandDecisions commands, EngineMetrics metrics, Clock clock) {
        this.core = core;
        this.store = store;
        this.eventFacts = new EventFacts(
                store::sandboxMerchant,
                (zone, version) -> store.policy(zone, version).orElseGet(() -> {
                    log.warn("Policy {} v{} is not stored; its deliveries stay MANUAL", zone, version);
                    return Policy.defaults(zone);
                }));
        this.commands = commands;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** Starts the clock's ticks and the stores' reads on the engine's thread. */
    public void start(Duration tick, Duration storePoll) {
        thread.scheduleWithFixedDelay(() -> guarded(this::readStore), 0, storePoll.toMillis(), TimeUnit.MILLISECONDS);
        thread.scheduleWithFixedDelay(
                () -> guarded(this::tick), tick.toMillis(), tick.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * BATCHED's background speed (decisions.md §15): every {@code interval}, each zone's routes are copied on the
     * engine's thread, improved by {@code solver} on the planner's own thread within {@code budget}, and the result
     * handed back to the core on the engine's thread, which plans what changed (and ignores the routes of riders
     * whose deliveries changed meanwhile). Decisions never wait for the solver.
     */
    public void improveRoutes(RouteSolver solver, Duration interval, Duration budget) {
        thread.scheduleWithFixedDelay(
                () -> guarded(() -> improve(solver, budget)),
                interval.toMillis(),
                interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private void improve(RouteSolver solver, Duration budget) {
        if (!leading || !caughtUp || planning) {
            return;
        }
        List<RouteSnapshot> snapshots = new java.util.ArrayList<>();
        for (String zone : core.zonesWithRoutes()) {
            core.routes(zone).ifPresent(snapshots::add);
        }
        if (snapshots.isEmpty()) {
            return;
        }
        planning = true;
        planner.execute(() -> {
            for (RouteSnapshot snapshot : snapshots) {
                long started = System.nanoTime();
                try {
                    PlanSolution better = solver.solve(
                            snapshot.problem(), snapshot.current(), new SolveBudget(budget, Long.MAX_VALUE, 1));
                    metrics.reoptimized(System.nanoTime() - started);
                    thread.execute(() -> guarded(() -> execute(core.improved(snapshot, better), System.nanoTime())));
                } catch (RuntimeException e) {
                    log.error("Improving the routes of zone {} failed; they stay as they are", snapshot.zoneId(), e);
                }
            }
            thread.execute(() -> planning = false);
        });
    }

    /** From the log reader's thread: one poll's records, applied on the engine's thread in order. */
    public void accept(LogIntake.Batch batch) {
        metrics.received(batch.envelopes().size() + batch.positions().size());
        thread.execute(() -> guarded(() -> apply(batch)));
    }

    public void lead() {
        thread.execute(() -> {
            leading = true;
            metrics.leading(true);
            log.info("This instance makes the dispatch engine's decisions");
            tick();
        });
    }

    public void resign() {
        leading = false;
        metrics.leading(false);
    }

    public boolean leading() {
        return leading;
    }

    /** What the engine sees now, read on its own thread (the core is not thread-safe). */
    public EngineStatus status() {
        try {
            return thread.submit(() ->
                            new EngineStatus(leading, caughtUp, core.now(), core.waitingDeliveries(), core.riders()))
                    .get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the engine's status", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the engine's thread did not answer within 5 s", e);
        }
    }

    /** One poll's records, applied together: the core decides once, on what they add up to. */
    private void apply(LogIntake.Batch batch) {
        List<Fact> facts = new java.util.ArrayList<>();
        for (EventEnvelope envelope : batch.envelopes()) {
            facts.addAll(eventFacts.of(envelope));
        }
        facts.addAll(batch.positions());
        if (!facts.isEmpty()) {
            execute(core.applyAll(facts), batch.receivedNanos());
        }
        if (batch.caughtUp() && !caughtUp) {
            caughtUp = true;
            tick();
        }
    }

    private void readStore() {
        Instant now = clock.instant();
        for (Fact fact : store.zoneTravel(now)) {
            core.apply(fact);
        }
        for (Fact fact : store.riderChanges(now, !storeRead)) {
            execute(core.apply(fact), System.nanoTime());
        }
        storeRead = true;
    }

    private void tick() {
        execute(core.tick(clock.instant()), System.nanoTime());
        metrics.state(core.waitingDeliveries());
    }

    private void execute(List<Decision> decisions, long receivedNanos) {
        if (decisions.isEmpty()) {
            return;
        }
        if (!leading || !caughtUp) {
            metrics.dropped(decisions.size());
            return;
        }
        for (Decision decision : decisions) {
            metrics.made(decision, System.nanoTime() - receivedNanos);
            commands.send(decision)
                    .subscribe(outcome -> metrics.decided(decision, outcome, System.nanoTime() - receivedNanos));
        }
    }

    private static void guarded(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            // one bad input must not stop the engine's thread (a scheduled task that throws never runs again)
            log.error("The dispatch engine failed on one input and carries on", e);
        }
    }

    @Override
    public void close() {
        leading = false;
        planner.shutdownNow();
        thread.shutdownNow();
    }
}
