package io.dispatch.planner;

import java.util.ArrayList;
import java.util.List;

/** A whole solution inside the solver: a {@link Route} per vehicle (empty when unused) and each job's vehicle. */
final class Plan {

    final Model m;
    final Route[] routes;
    /** Per job: the vehicle whose route holds it, or -1 when unassigned. */
    final int[] vehicleOf;

    Plan(Model m) {
        this.m = m;
        routes = new Route[m.vehicleCount];
        for (int v = 0; v < routes.length; v++) {
            routes[v] = new Route(m, v);
        }
        vehicleOf = new int[m.jobCount];
        java.util.Arrays.fill(vehicleOf, -1);
    }

    Plan(Plan other) {
        this.m = other.m;
        routes = new Route[other.routes.length];
        for (int v = 0; v < routes.length; v++) {
            routes[v] = new Route(other.routes[v]);
        }
        vehicleOf = other.vehicleOf.clone();
    }

    void copyFrom(Plan other) {
        for (int v = 0; v < routes.length; v++) {
            routes[v].copyFrom(other.routes[v]);
        }
        System.arraycopy(other.vehicleOf, 0, vehicleOf, 0, vehicleOf.length);
    }

    double cost() {
        double c = 0;
        for (Route r : routes) {
            c += r.cost();
        }
        return c;
    }

    int vehicles() {
        int used = 0;
        for (Route r : routes) {
            if (r.n > 0) {
                used++;
            }
        }
        return used;
    }

    int unassigned() {
        int u = 0;
        for (int v : vehicleOf) {
            if (v < 0) {
                u++;
            }
        }
        return u;
    }

    /** The unassigned jobs, in job order. */
    List<Integer> unassignedJobs() {
        List<Integer> jobs = new ArrayList<>();
        for (int j = 0; j < m.jobCount; j++) {
            if (vehicleOf[j] < 0) {
                jobs.add(j);
            }
        }
        return jobs;
    }

    /** Takes {@code job} off its route (no-op when unassigned). */
    void remove(int job) {
        int v = vehicleOf[job];
        if (v >= 0) {
            routes[v].removeJob(job);
            routes[v].update();
            vehicleOf[job] = -1;
        }
    }

    /** Puts {@code job} on vehicle {@code v} where {@link Inserter} said ({@code i} -1 for an on-board drop-off). */
    void insert(int job, int v, int i, int j) {
        Route r = routes[v];
        if (i < 0) {
            r.insertAt(j, 2 * job + 1);
            r.update();
        } else {
            r.insertPair(2 * job, i, 2 * job + 1, j);
        }
        vehicleOf[job] = v;
    }

    /** Lexicographic: unassigned, then vehicles under FEWEST_VEHICLES, then cost. */
    boolean betterThan(Plan other) {
        return toScore().betterThan(other.toScore());
    }

    Score toScore() {
        return new Score(m.problem.objective(), 0, unassigned(), vehicles(), cost());
    }

    PlanSolution toSolution() {
        List<PlannedRoute> planned = new ArrayList<>();
        for (Route r : routes) {
            if (r.n > 0) {
                planned.add(new PlannedRoute(m.problem.vehicles().get(r.v).id(), r.plannedStops()));
            }
        }
        List<String> unassigned = new ArrayList<>();
        for (int j = 0; j < m.jobCount; j++) {
            if (vehicleOf[j] < 0) {
                unassigned.add(m.problem.jobs().get(j).id());
            }
        }
        return new PlanSolution(planned, unassigned);
    }
}
