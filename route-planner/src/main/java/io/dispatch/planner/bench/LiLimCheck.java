package io.dispatch.planner.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks a Li &amp; Lim solution from the instance's own numbers, not through the planner's model, so that a bug in
 * the planner cannot hide itself: every location but the depot served once, each delivery after its pickup on the
 * same route, load within capacity and never negative, service started by {@code due} (waiting for {@code ready}),
 * back at the depot by its {@code due}, at most the instance's vehicles. Recomputes the distance in double precision.
 */
public final class LiLimCheck {

    private LiLimCheck() {}

    /** The verdict: what is broken (empty when valid), routes used and total distance. */
    public record Result(List<String> errors, int vehicles, double distance) {

        public Result {
            errors = List.copyOf(errors);
        }

        public boolean valid() {
            return errors.isEmpty();
        }
    }

    /** {@code routes}: location ids in visiting order, without the depot at either end. */
    public static Result check(LiLim instance, List<List<Integer>> routes) {
        List<String> errors = new ArrayList<>();
        int n = instance.size();
        int[] seen = new int[n];
        int[] routeOf = new int[n];
        int[] position = new int[n];
        double total = 0;
        int used = 0;
        for (int r = 0; r < routes.size(); r++) {
            List<Integer> route = routes.get(r);
            if (route.isEmpty()) {
                continue;
            }
            used++;
            double time = instance.ready()[0];
            int load = 0;
            int prev = 0;
            for (int k = 0; k < route.size(); k++) {
                int node = route.get(k);
                if (node <= 0 || node >= n) {
                    errors.add("route " + r + ": no location " + node);
                    continue;
                }
                seen[node]++;
                routeOf[node] = r;
                position[node] = k;
                double leg = leg(instance, prev, node);
                total += leg;
                double start = Math.max(time + leg, instance.ready()[node]);
                if (start > instance.due()[node] + 1e-6) {
                    errors.add(
                            "route " + r + ": " + node + " starts at " + start + " after due " + instance.due()[node]);
                }
                load += instance.demand()[node];
                if (load > instance.capacity() || load < 0) {
                    errors.add("route " + r + ": load " + load + " at " + node);
                }
                time = start + instance.service()[node];
                prev = node;
            }
            double back = leg(instance, prev, 0);
            total += back;
            if (time + back > instance.due()[0] + 1e-6) {
                errors.add("route " + r + ": back at the depot at " + (time + back) + " after " + instance.due()[0]);
            }
        }
        for (int node = 1; node < n; node++) {
            if (seen[node] != 1) {
                errors.add(node + " served " + seen[node] + " times");
            }
        }
        for (int p : instance.pickups()) {
            int d = instance.deliveryOf()[p];
            if (seen[p] == 1 && seen[d] == 1 && (routeOf[p] != routeOf[d] || position[p] > position[d])) {
                errors.add("delivery " + d + " not after its pickup " + p + " on the same route");
            }
        }
        if (used > instance.vehicles()) {
            errors.add(used + " routes, more than the " + instance.vehicles() + " vehicles");
        }
        return new Result(errors, used, total);
    }

    private static double leg(LiLim instance, int from, int to) {
        double dx = instance.x()[from] - instance.x()[to];
        double dy = instance.y()[from] - instance.y()[to];
        return Math.sqrt(dx * dx + dy * dy);
    }
}
