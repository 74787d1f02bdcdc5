package io.dispatch.planner;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link PlanProblem} compiled to arrays for the insertion and the solver. Job {@code j} has two nodes: {@code 2j}
 * its pickup and {@code 2j + 1} its drop-off. With {@code precompute} the travel between the locations in use is
 * copied into flat matrices (the solver's many evaluations); without, {@link Travel} is asked each time (one
 * insertion into a large live state, where copying would cost more than it saves).
 */
final class Model {

    static final double EPS = 1e-9;

    /** Above this many distinct locations the matrices (2 × n² doubles) would cost more memory than they save. */
    static final int MAX_PRECOMPUTED = 2000;

    final PlanProblem problem;
    final boolean hard;
    final int jobCount;
    final int vehicleCount;
    final int[] loc;
    final double[] ready;
    final double[] due;
    final double[] service;
    final int[] demand;
    /** Per job: the vehicle that must serve it (pinned or on board), or -1. */
    final int[] forcedVehicle;
    /** Per job: picked up already, only the drop-off is planned. */
    final boolean[] onBoard;
    /** Per job: one of its stops is a vehicle's stop in progress; the solver leaves the job where it is. */
    final boolean[] immovable;

    final int[] vStart;
    final int[] vEnd;
    final double[] vStartTime;
    final double[] vEndBy;
    final int[] vCapacity;
    final int[] vInitialLoad;
    final int[] vFirstNode;
    final Map<String, Integer> jobIndex;
    final Map<String, Integer> vehicleIndex;

    private final Travel travel;
    private final int size;
    private final double[] timeMatrix;
    private final double[] distanceMatrix;

    Model(PlanProblem problem, boolean precompute) {
        this.problem = problem;
        this.hard = problem.objective() == Objective.FEWEST_VEHICLES;
        this.travel = problem.travel();
        List<PlanJob> jobs = problem.jobs();
        List<PlanVehicle> vehicles = problem.vehicles();
        jobCount = jobs.size();
        vehicleCount = vehicles.size();
        int nodes = 2 * jobCount;
        loc = new int[nodes];
        ready = new double[nodes];
        due = new double[nodes];
        service = new double[nodes];
        demand = new int[nodes];
        forcedVehicle = new int[jobCount];
        onBoard = new boolean[jobCount];
        immovable = new boolean[jobCount];
        jobIndex = new HashMap<>(jobCount * 2);
        for (int j = 0; j < jobCount; j++) {
            PlanJob job = jobs.get(j);
            if (jobIndex.put(job.id(), j) != null) {
                throw new IllegalArgumentException("job id twice: " + job.id());
            }
            loc[2 * j] = job.pickup();
            loc[2 * j + 1] = job.dropoff();
            ready[2 * j] = job.pickupWindow().ready();
            due[2 * j] = job.pickupWindow().due();
            ready[2 * j + 1] = job.dropoffWindow().ready();
            due[2 * j + 1] = job.dropoffWindow().due();
            service[2 * j] = job.pickupService();
            service[2 * j + 1] = job.dropoffService();
            demand[2 * j] = job.demand();
            demand[2 * j + 1] = -job.demand();
            forcedVehicle[j] = -1;
        }
        vStart = new int[vehicleCount];
        vEnd = new int[vehicleCount];
        vStartTime = new double[vehicleCount];
        vEndBy = new double[vehicleCount];
        vCapacity = new int[vehicleCount];
        vInitialLoad = new int[vehicleCount];
        vFirstNode = new int[vehicleCount];
        vehicleIndex = new HashMap<>(vehicleCount * 2);
        for (int v = 0; v < vehicleCount; v++) {
            PlanVehicle vehicle = vehicles.get(v);
            if (vehicleIndex.put(vehicle.id(), v) != null) {
                throw new IllegalArgumentException("vehicle id twice: " + vehicle.id());
            }
            vStart[v] = vehicle.start();
            vEnd[v] = vehicle.end();
            vStartTime[v] = vehicle.startTime();
            vEndBy[v] = vehicle.end() >= 0 ? vehicle.endBy() : Double.POSITIVE_INFINITY;
            vCapacity[v] = vehicle.capacity();
            vFirstNode[v] = -1;
            for (String id : vehicle.pinned()) {
                force(job(id), v);
            }
            for (String id : vehicle.onBoard()) {
                int j = job(id);
                force(j, v);
                onBoard[j] = true;
                vInitialLoad[v] += demand[2 * j];
            }
            if (vehicle.firstStop() != null) {
                int j = job(vehicle.firstStop().jobId());
                force(j, v);
                immovable[j] = true;
                vFirstNode[v] = 2 * j + (vehicle.firstStop().kind() == StopKind.PICKUP ? 0 : 1);
            }
        }
        Map<Integer, Integer> compact = new HashMap<>();
        if (precompute) {
            for (int x = 0; x < nodes; x++) {
                compact.computeIfAbsent(loc[x], k -> compact.size());
            }
            for (int v = 0; v < vehicleCount; v++) {
                compact.computeIfAbsent(vStart[v], k -> compact.size());
                if (vEnd[v] >= 0) {
                    compact.computeIfAbsent(vEnd[v], k -> compact.size());
                }
            }
        }
        if (precompute && compact.size() <= MAX_PRECOMPUTED) {
            for (int x = 0; x < nodes; x++) {
                loc[x] = compact.get(loc[x]);
            }
            for (int v = 0; v < vehicleCount; v++) {
                vStart[v] = compact.get(vStart[v]);
                if (vEnd[v] >= 0) {
                    vEnd[v] = compact.get(vEnd[v]);
                }
            }
            int n = compact.size();
            int[] original = new int[n];
            compact.forEach((problemIndex, compactIndex) -> original[compactIndex] = problemIndex);
            timeMatrix = new double[n * n];
            distanceMatrix = new double[n * n];
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    timeMatrix[a * n + b] = travel.time(original[a], original[b]);
                    distanceMatrix[a * n + b] = travel.distance(original[a], original[b]);
                }
            }
            size = n;
        } else {
            timeMatrix = null;
            distanceMatrix = null;
            size = 0;
        }
    }

    private void force(int job, int v) {
        if (forcedVehicle[job] >= 0 && forcedVehicle[job] != v) {
            throw new IllegalArgumentException("job " + problem.jobs().get(job).id() + " is fixed on two vehicles");
        }
        forcedVehicle[job] = v;
    }

    int job(String id) {
        Integer j = jobIndex.get(id);
        if (j == null) {
            throw new IllegalArgumentException("no such job: " + id);
        }
        return j;
    }

    int vehicle(String id) {
        Integer v = vehicleIndex.get(id);
        if (v == null) {
            throw new IllegalArgumentException("no such vehicle: " + id);
        }
        return v;
    }

    double time(int from, int to) {
        return timeMatrix != null ? timeMatrix[from * size + to] : travel.time(from, to);
    }

    double distance(int from, int to) {
        return distanceMatrix != null ? distanceMatrix[from * size + to] : travel.distance(from, to);
    }

    boolean mayServe(int v, int job) {
        return forcedVehicle[job] < 0 || forcedVehicle[job] == v;
    }

    String jobId(int node) {
        return problem.jobs().get(node >> 1).id();
    }

    StopKind kind(int node) {
        return (node & 1) == 0 ? StopKind.PICKUP : StopKind.DROPOFF;
    }

    int node(StopRef stop) {
        return 2 * job(stop.jobId()) + (stop.kind() == StopKind.PICKUP ? 0 : 1);
    }
}
