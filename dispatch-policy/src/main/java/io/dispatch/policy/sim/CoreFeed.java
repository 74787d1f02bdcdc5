package io.dispatch.policy.sim;

import io.dispatch.policy.core.Decision;
import io.dispatch.policy.core.DispatchCore;
import io.dispatch.policy.core.Fact;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The simulation's line to the core, as the live engine's loop: facts in, breadth first (a fact that carrying out a
 * decision produces waits until the decisions before it are carried out), decisions out through the {@link
 * SimAggregate}, and a tick scheduled on the simulated clock when the core is next due.
 */
final class CoreFeed {

    /** How long after the last shift ends the core may still be ticked. */
    static final long AFTER_LAST_SHIFT_MILLIS = 3_600_000;

    private final Simulation simulation;
    private final DispatchCore core;
    private final ArrayDeque<Fact> inbox = new ArrayDeque<>();
    private boolean draining;
    private long scheduledTickMillis = Long.MAX_VALUE;

    CoreFeed(Simulation simulation, DispatchCore core) {
        this.simulation = simulation;
        this.core = core;
    }

    DispatchCore core() {
        return core;
    }

    /** Feeds a fact to the core and carries out what it decides, breadth first. */
    void feed(Fact fact) {
        inbox.add(fact);
        if (draining) {
            return;
        }
        draining = true;
        try {
            while (!inbox.isEmpty()) {
                carryOut(core.apply(inbox.poll()));
            }
        } finally {
            draining = false;
        }
    }

    /** Ticks the core at the simulated now and carries out what it decides. */
    void tick() {
        carryOut(core.tick(simulation.instant(simulation.queue().nowMillis())));
    }

    private void carryOut(List<Decision> decisions) {
        if (decisions.size() > 1) {
            // simultaneous offers are answered at the same simulated instant: who is first is luck, not list order
            decisions = new ArrayList<>(decisions);
            Collections.shuffle(decisions, simulation.random());
        }
        for (Decision decision : decisions) {
            simulation.aggregate().carryOut(decision);
        }
    }

    /** Puts a tick on the clock for when the core is next due, unless an earlier one is there already. */
    void scheduleTick() {
        EventQueue queue = simulation.queue();
        core.nextDueAt().ifPresent(due -> {
            long dueMillis = Math.max(
                    queue.nowMillis(),
                    due.toEpochMilli() - simulation.scenario.startAt().toEpochMilli());
            if (dueMillis < scheduledTickMillis
                    && dueMillis <= simulation.lastShiftEndMillis() + AFTER_LAST_SHIFT_MILLIS) {
                scheduledTickMillis = dueMillis;
                queue.at(dueMillis, () -> {
                    if (scheduledTickMillis == dueMillis) {
                        scheduledTickMillis = Long.MAX_VALUE;
                    }
                    tick();
                });
            }
        });
    }
}
