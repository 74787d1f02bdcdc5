package io.dispatch.planner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One vehicle's route as node indexes of a {@link Model}, with its timing cached after each {@link #update()}:
 * arrival, start of service, departure and load after each stop, and each stop's forward slack (how much later its
 * service could start without any later stop or the return breaking a hard window; Savelsbergh's forward time slack).
 */
final class Route {

    final Model m;
    int v;
    int[] nodes;
    int n;
    double[] arrival;
    double[] start;
    double[] departure;
    double[] slack;
    int[] load;
    double distance;
    double lateness;
    /** Seconds spent driving (every leg, the return included). */
    double driven;
    /** The drop-offs' service start times summed (how long the parcels ride, in total, from time 0). */
    double dropoffTimes;
    /** When the last stop is served, or the vehicle reaches its end; the start time when empty. */
    double finish;
    /** Arrival at the end location (equal to {@link #finish} when the route has one). */
    double endArrival;

    boolean feasible;

    Route(Model m, int v) {
        this.m = m;
        this.v = v;
        allocate(16);
        update();
    }

    Route(Route other) {
        this.m = other.m;
        this.v = other.v;
        this.nodes = other.nodes.clone();
        this.n = other.n;
        this.arrival = other.arrival.clone();
        this.start = other.start.clone();
        this.departure = other.departure.clone();
        this.slack = other.slack.clone();
        this.load = other.load.clone();
        this.distance = other.distance;
        this.lateness = other.lateness;
        this.driven = other.driven;
        this.dropoffTimes = other.dropoffTimes;
        this.finish = other.finish;
        this.endArrival = other.endArrival;
        this.feasible = other.feasible;
    }

    private void allocate(int capacity) {
        nodes = nodes == null ? new int[capacity] : Arrays.copyOf(nodes, capacity);
        arrival = new double[capacity];
        start = new double[capacity];
        departure = new double[capacity];
        slack = new double[capacity];
        load = new int[capacity];
    }

    /** Makes this route a copy of {@code other}, its vehicle included (a scratch route serves every vehicle). */
    void copyFrom(Route other) {
        v = other.v;
        if (nodes.length < other.n) {
            allocate(other.nodes.length);
        }
        System.arraycopy(other.nodes, 0, nodes, 0, other.n);
        System.arraycopy(other.arrival, 0, arrival, 0, other.n);
        System.arraycopy(other.start, 0, start, 0, other.n);
        System.arraycopy(other.departure, 0, departure, 0, other.n);
        System.arraycopy(other.slack, 0, slack, 0, other.n);
        System.arraycopy(other.load, 0, load, 0, other.n);
        n = other.n;
        distance = other.distance;
        lateness = other.lateness;
        driven = other.driven;
        dropoffTimes = other.dropoffTimes;
        finish = other.finish;
        endArrival = other.endArrival;
        feasible = other.feasible;
    }

    /** The objective's cost of this route: distance, or duration plus weighted lateness; 0 when empty. */
    double cost() {
        if (n == 0) {
            return 0;
        }
        return m.hard
                ? distance
                : (finish - m.vStartTime[v])
                        + Schedules.LATE_WEIGHT * lateness
                        + Schedules.DRIVE_WEIGHT * driven
                        + Schedules.DROPOFF_WEIGHT * dropoffTimes;
    }

    int locBefore(int i) {
        return i == 0 ? m.vStart[v] : m.loc[nodes[i - 1]];
    }

    double departureBefore(int i) {
        return i == 0 ? m.vStartTime[v] : departure[i - 1];
    }

    int loadBefore(int i) {
        return i == 0 ? m.vInitialLoad[v] : load[i - 1];
    }

    /** Inserts {@code node} before position {@code i} (no update). */
    void insertAt(int i, int node) {
        if (n == nodes.length) {
            allocate(nodes.length * 2);
        }
        System.arraycopy(nodes, i, nodes, i + 1, n - i);
        nodes[i] = node;
        n++;
    }

    /** Pickup before position {@code i}, drop-off before position {@code j} of the route as it was (i <= j). */
    void insertPair(int pickupNode, int i, int dropNode, int j) {
        insertAt(j, dropNode);
        insertAt(i, pickupNode);
        update();
    }

    /** Removes both nodes of {@code job} that are on this route (no update). */
    void removeJob(int job) {
        int w = 0;
        for (int k = 0; k < n; k++) {
            if ((nodes[k] >> 1) != job) {
                nodes[w++] = nodes[k];
            }
        }
        n = w;
    }

    boolean contains(int job) {
        for (int k = 0; k < n; k++) {
            if ((nodes[k] >> 1) == job) {
                return true;
            }
        }
        return false;
    }

    /** Recomputes times, loads, slack, distance, lateness and hard feasibility. */
    void update() {
        Model m = this.m;
        double t = m.vStartTime[v];
        int prev = m.vStart[v];
        int ld = m.vInitialLoad[v];
        int capacity = m.vCapacity[v];
        boolean ok = ld <= capacity;
        double dist = 0;
        double late = 0;
        double drive = 0;
        double drops = 0;
        for (int k = 0; k < n; k++) {
            int x = nodes[k];
            int l = m.loc[x];
            double leg = m.time(prev, l);
            double a = t + leg;
            drive += leg;
            dist += m.distance(prev, l);
            double s = Math.max(a, m.ready[x]);
            if ((x & 1) == 1) {
                drops += s;
            }
            arrival[k] = a;
            start[k] = s;
            if (s > m.due[x] + Model.EPS) {
                late += s - m.due[x];
                if (m.hard) {
                    ok = false;
                }
            }
            ld += m.demand[x];
            load[k] = ld;
            if (ld > capacity) {
                ok = false;
            }
            t = s + m.service[x];
            departure[k] = t;
            prev = l;
        }
        double endSlack = Double.POSITIVE_INFINITY;
        if (n == 0) {
            finish = m.vStartTime[v];
            endArrival = finish;
        } else if (m.vEnd[v] >= 0) {
            double a = t + m.time(prev, m.vEnd[v]);
            drive += m.time(prev, m.vEnd[v]);
            dist += m.distance(prev, m.vEnd[v]);
            endArrival = a;
            finish = a;
            endSlack = m.vEndBy[v] - a;
            if (a > m.vEndBy[v] + Model.EPS) {
                late += a - m.vEndBy[v];
                if (m.hard) {
                    ok = false;
                }
            }
        } else {
            finish = t;
            endArrival = t;
        }
        double next = endSlack;
        double nextWait = 0;
        for (int k = n - 1; k >= 0; k--) {
            double s = Math.min(m.due[nodes[k]] - start[k], nextWait + next);
            slack[k] = s;
            next = s;
            nextWait = start[k] - arrival[k];
        }
        distance = dist;
        lateness = late;
        driven = drive;
        dropoffTimes = drops;
        feasible = ok;
    }

    /** The timed stops, for a {@link PlannedRoute}. */
    List<PlannedStop> plannedStops() {
        List<PlannedStop> stops = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int x = nodes[k];
            stops.add(new PlannedStop(m.jobId(x), m.kind(x), problemLocation(x), arrival[k], start[k]));
        }
        return stops;
    }

    private int problemLocation(int node) {
        PlanJob job = m.problem.jobs().get(node >> 1);
        return (node & 1) == 0 ? job.pickup() : job.dropoff();
    }
}
