package io.dispatch.planner.bench;

import io.dispatch.planner.CheapestInsertion;
import io.dispatch.planner.Objective;
import io.dispatch.planner.PlanJob;
import io.dispatch.planner.PlanProblem;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlanVehicle;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.Schedules;
import io.dispatch.planner.StopRef;
import io.dispatch.planner.TimeWindow;
import io.dispatch.planner.Travel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * How long {@link CheapestInsertion#insert} takes on a live-sized state: 200 riders on a 10 km square, each with 5
 * parcels planned (10 stops), one new parcel inserted at a time; prints p50, p99 and max over the measured insertions
 * (after a warm-up). {@code java ... InsertionBench [insertions] [seed]}, default 2000 and 34.
 */
public final class InsertionBench {

    private InsertionBench() {}

    public static void main(String[] args) {
        int insertions = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 34;
        int riders = 200;
        int perRider = 5;
        int perState = 100;
        Random random = new Random(seed);
        int warmup = 500;
        long[] nanos = new long[insertions];
        int measured = 0;
        int placed = 0;
        while (measured < insertions) {
            State state = State.random(random, riders, perRider, perState);
            for (int k = 0; k < perState && measured < insertions; k++) {
                String id = "new" + k;
                long t0 = System.nanoTime();
                var inserted = CheapestInsertion.insert(state.problem, state.solution, id);
                long took = System.nanoTime() - t0;
                if (warmup > 0) {
                    warmup--;
                } else {
                    nanos[measured++] = took;
                    placed += inserted.isPresent() ? 1 : 0;
                }
            }
        }
        Arrays.sort(nanos);
        System.out.printf(
                "{ \"insertions\": %d, \"riders\": %d, \"stopsPerRider\": %d, \"placed\": %d,"
                        + " \"p50Ms\": %.3f, \"p99Ms\": %.3f, \"maxMs\": %.3f }%n",
                insertions,
                riders,
                2 * perRider,
                placed,
                nanos[insertions / 2] / 1e6,
                nanos[(int) Math.ceil(insertions * 0.99) - 1] / 1e6,
                nanos[insertions - 1] / 1e6);
    }

    /** A random live state: riders with planned routes and {@code fresh} new parcels not yet on any. */
    private record State(PlanProblem problem, PlanSolution solution) {

        static State random(Random random, int riders, int perRider, int fresh) {
            int jobs = riders * perRider + fresh;
            int locations = riders + 2 * jobs;
            double[] x = new double[locations];
            double[] y = new double[locations];
            for (int i = 0; i < locations; i++) {
                x[i] = random.nextDouble() * 10_000;
                y[i] = random.nextDouble() * 10_000;
            }
            // 5 m/s, computed on demand: a full matrix of 2,300 locations would be the bench, not the insertion
            Travel travel = new Travel() {
                @Override
                public int size() {
                    return locations;
                }

                @Override
                public double time(int from, int to) {
                    return distance(from, to) / 5;
                }

                @Override
                public double distance(int from, int to) {
                    return Math.hypot(x[from] - x[to], y[from] - y[to]);
                }
            };
            List<PlanVehicle> vehicles = new ArrayList<>();
            for (int r = 0; r < riders; r++) {
                vehicles.add(PlanVehicle.free("r" + r, r, 0, -1, 8));
            }
            List<PlanJob> planJobs = new ArrayList<>();
            for (int j = 0; j < jobs; j++) {
                double ready = random.nextDouble() * 1800;
                String id = j < riders * perRider ? "j" + j : "new" + (j - riders * perRider);
                planJobs.add(new PlanJob(
                        id,
                        riders + 2 * j,
                        riders + 2 * j + 1,
                        1,
                        new TimeWindow(ready, ready + 600),
                        new TimeWindow(ready, ready + 2700),
                        60,
                        60));
            }
            PlanProblem problem = new PlanProblem(vehicles, planJobs, travel, Objective.LEAST_TIME);
            List<PlannedRoute> routes = new ArrayList<>();
            for (int r = 0; r < riders; r++) {
                List<StopRef> stops = new ArrayList<>();
                for (int k = 0; k < perRider; k++) {
                    String id = "j" + (r * perRider + k);
                    // pickups in order, each drop-off somewhere after its pickup
                    int at = random.nextInt(stops.size() + 1);
                    stops.add(at, StopRef.pickup(id));
                    stops.add(at + 1 + random.nextInt(stops.size() - at), StopRef.dropoff(id));
                }
                routes.add(Schedules.time(problem, vehicles.get(r), stops));
            }
            List<String> unassigned = new ArrayList<>();
            for (int k = 0; k < fresh; k++) {
                unassigned.add("new" + k);
            }
            return new State(problem, new PlanSolution(routes, unassigned));
        }
    }
}
