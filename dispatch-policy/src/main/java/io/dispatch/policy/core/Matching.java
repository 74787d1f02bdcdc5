package io.dispatch.policy.core;

import io.dispatch.policy.core.RiderRanking.Measured;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * RANKED and AUTO_ASSIGN: all waiting deliveries against all free riders at once, the least total cost over the
 * pairs ({@link AssignmentSolver}, ADR 0039); RANKED offers each delivery to its rider, AUTO_ASSIGN assigns it.
 */
final class Matching {

    static final String RULE_BEST_RIDER = "best-rider: shortest time to pickup, fewest active, longest idle";
    static final String RULE_MATCHING = "matching: least total time to pickup over waiting deliveries x free riders";

    /** A delivery that takes part in the matching, with the riders it may get. */
    record Row(DeliveryState delivery, List<Measured> free) {}

    private final CoreState state;
    private final RiderReach reach;
    private final MarkedDecisions marked;

    Matching(CoreState state, RiderReach reach, MarkedDecisions marked) {
        this.state = state;
        this.reach = reach;
        this.marked = marked;
    }

    void match(List<Row> rows, List<RiderState> eligible, List<Decision> decisions) {
        if (rows.isEmpty()) {
            return;
        }
        Map<UUID, Integer> columns = new LinkedHashMap<>();
        List<RiderState> columnRiders = new ArrayList<>();
        for (Row row : rows) {
            for (Measured measured : row.free()) {
                if (columns.putIfAbsent(measured.rider().riderId, columns.size()) == null) {
                    columnRiders.add(measured.rider());
                }
            }
        }
        double[][] cost = new double[rows.size()][columns.size()];
        for (int index = 0; index < rows.size(); index++) {
            Arrays.fill(cost[index], AssignmentSolver.FORBIDDEN);
            Row row = rows.get(index);
            for (Measured measured : row.free()) {
                cost[index][columns.get(measured.rider().riderId)] =
                        RiderRanking.matchingCost(measured, row.delivery(), state.now, state.config);
            }
        }
        int[] assignment = AssignmentSolver.solve(cost);
        for (int index = 0; index < rows.size(); index++) {
            if (assignment[index] >= 0) {
                decide(rows.get(index).delivery(), columnRiders.get(assignment[index]), eligible, decisions);
            }
        }
    }

    /** The delivery's offer to (RANKED) or assignment of (AUTO_ASSIGN) the rider the matching chose. */
    private void decide(
            DeliveryState delivery, RiderState chosen, List<RiderState> eligible, List<Decision> decisions) {
        List<Candidate> candidates = RiderRanking.candidates(reach.considered(delivery, eligible, true), chosen);
        boolean best = candidates.getFirst().riderId().equals(chosen.riderId);
        String rule = best ? RULE_BEST_RIDER : RULE_MATCHING;
        if (delivery.policy.mode() == Mode.AUTO_ASSIGN) {
            decisions.add(marked.autoAssign(delivery, chosen, candidates, rule));
        } else {
            decisions.add(marked.offer(delivery, chosen, candidates, rule));
        }
    }
}
