package io.dispatch.planner;

/**
 * Finds the cheapest feasible place for one job on one {@link Route}, without changing it: every pickup position,
 * then every drop-off position after it, in O(n²) per route. Under hard windows each candidate costs O(1) (forward
 * slack); under soft windows the delay is followed down the route until waiting absorbs it. Not thread-safe: the
 * last result is kept in fields.
 */
final class Inserter {

    private final Model m;
    /** Position (before the route's stop at that index) of the pickup and drop-off of the last best result. */
    int bestI;

    int bestJ;

    private double suffixFinish;
    private double suffixLate;
    private double suffixDrops;

    Inserter(Model m) {
        this.m = m;
    }

    /**
     * The added cost of the cheapest feasible insertion of {@code job} into {@code r} ({@code bestI}, {@code bestJ}
     * then say where), or infinity when there is none. An on-board job is a drop-off only: {@code bestI} is then -1.
     */
    double best(Route r, int job) {
        if (!m.mayServe(r.v, job)) {
            return Double.POSITIVE_INFINITY;
        }
        return m.onBoard[job] ? bestDrop(r, 2 * job + 1) : bestPair(r, 2 * job, 2 * job + 1);
    }

    private int firstFree(Route r) {
        return m.vFirstNode[r.v] >= 0 && r.n > 0 && r.nodes[0] == m.vFirstNode[r.v] ? 1 : 0;
    }

    private double bestDrop(Route r, int d) {
        double best = Double.POSITIVE_INFINITY;
        bestI = -1;
        bestJ = -1;
        int dl = m.loc[d];
        for (int j = firstFree(r); j <= r.n; j++) {
            int prev = r.locBefore(j);
            double a = r.departureBefore(j) + m.time(prev, dl);
            double s = Math.max(a, m.ready[d]);
            double late = 0;
            if (s > m.due[d] + Model.EPS) {
                if (m.hard) {
                    continue;
                }
                late = s - m.due[d];
            }
            if (!suffix(r, j, dl, s + m.service[d])) {
                continue;
            }
            double cost;
            int next = j < r.n ? m.loc[r.nodes[j]] : m.vEnd[r.v];
            if (m.hard) {
                cost = m.distance(prev, dl) + leg(dl, next) - leg(prev, next);
            } else {
                double drive = m.time(prev, dl) + legTime(dl, next) - legTime(prev, next);
                cost = soft(r, late + suffixLate, drive, s + suffixDrops);
            }
            if (cost < best) {
                best = cost;
                bestJ = j;
            }
        }
        return best;
    }

    private double leg(int from, int to) {
        return to < 0 ? 0 : m.distance(from, to);
    }

    private double legTime(int from, int to) {
        return to < 0 ? 0 : m.time(from, to);
    }

    /** The soft objective's added cost, given the added lateness, driving and drop-off times (finish from suffix). */
    private double soft(Route r, double late, double drive, double drops) {
        return (suffixFinish - r.finish)
                + Schedules.LATE_WEIGHT * late
                + Schedules.DRIVE_WEIGHT * drive
                + Schedules.DROPOFF_WEIGHT * drops;
    }

    private double bestPair(Route r, int p, int d) {
        double best = Double.POSITIVE_INFINITY;
        bestI = -1;
        bestJ = -1;
        int pl = m.loc[p];
        int dl = m.loc[d];
        int dem = m.demand[p];
        int capacity = m.vCapacity[r.v];
        boolean hard = m.hard;
        int n = r.n;
        int vEnd = m.vEnd[r.v];
        for (int i = firstFree(r); i <= n; i++) {
            double before = r.departureBefore(i);
            if (hard && before > m.due[p] + Model.EPS) {
                break;
            }
            if (r.loadBefore(i) + dem > capacity) {
                continue;
            }
            int prevI = r.locBefore(i);
            double ap = before + m.time(prevI, pl);
            double sp = Math.max(ap, m.ready[p]);
            double late = 0;
            if (sp > m.due[p] + Model.EPS) {
                if (hard) {
                    continue;
                }
                late = sp - m.due[p];
            }
            double prevDep = sp + m.service[p];
            int prevLoc = pl;
            // distance added by the pickup alone when the drop-off is not right after it
            double pickupDetour = i < n
                    ? m.distance(prevI, pl) + m.distance(pl, m.loc[r.nodes[i]]) - m.distance(prevI, m.loc[r.nodes[i]])
                    : 0;
            double pickupDetourTime = hard || i == n
                    ? 0
                    : m.time(prevI, pl) + m.time(pl, m.loc[r.nodes[i]]) - m.time(prevI, m.loc[r.nodes[i]]);
            double dropShift = 0;
            for (int j = i; j <= n; j++) {
                double ad = prevDep + m.time(prevLoc, dl);
                double sd = Math.max(ad, m.ready[d]);
                double lateD = 0;
                boolean windowOk = true;
                if (sd > m.due[d] + Model.EPS) {
                    if (hard) {
                        windowOk = false;
                    } else {
                        lateD = sd - m.due[d];
                    }
                }
                if (windowOk && suffix(r, j, dl, sd + m.service[d])) {
                    int next = j < n ? m.loc[r.nodes[j]] : vEnd;
                    double cost;
                    if (hard) {
                        if (j == i) {
                            cost = m.distance(prevI, pl) + m.distance(pl, dl) + leg(dl, next) - leg(prevI, next);
                        } else {
                            int prevJ = m.loc[r.nodes[j - 1]];
                            cost = pickupDetour + m.distance(prevJ, dl) + leg(dl, next) - leg(prevJ, next);
                        }
                    } else {
                        double drive = j == i
                                ? m.time(prevI, pl) + m.time(pl, dl) + legTime(dl, next) - legTime(prevI, next)
                                : pickupDetourTime
                                        + m.time(m.loc[r.nodes[j - 1]], dl)
                                        + legTime(dl, next)
                                        - legTime(m.loc[r.nodes[j - 1]], next);
                        cost = soft(r, late + lateD + suffixLate, drive, sd + dropShift + suffixDrops);
                    }
                    if (cost < best) {
                        best = cost;
                        bestI = i;
                        bestJ = j;
                    }
                }
                if (j == n) {
                    break;
                }
                // the parcel stays on board across stop j
                int x = r.nodes[j];
                if (r.load[j] + dem > capacity) {
                    break;
                }
                int xl = m.loc[x];
                double a = prevDep + m.time(prevLoc, xl);
                double s = Math.max(a, m.ready[x]);
                if (hard) {
                    if (s - r.start[j] > r.slack[j] + Model.EPS) {
                        break;
                    }
                } else {
                    late += Math.max(0, s - m.due[x]) - Math.max(0, r.start[j] - m.due[x]);
                    if ((x & 1) == 1) {
                        dropShift += s - r.start[j];
                    }
                }
                prevDep = s + m.service[x];
                prevLoc = xl;
            }
        }
        return best;
    }

    /**
     * Whether the route's stops from {@code k} on (and its return) stay feasible when the vehicle leaves {@code
     * prevLoc} at {@code prevDep} before them; under soft windows also sets the new finish and the change of lateness.
     */
    private boolean suffix(Route r, int k, int prevLoc, double prevDep) {
        int n = r.n;
        int end = m.vEnd[r.v];
        if (m.hard) {
            if (k == n) {
                return end < 0 || prevDep + m.time(prevLoc, end) <= m.vEndBy[r.v] + Model.EPS;
            }
            int x = r.nodes[k];
            double s = Math.max(prevDep + m.time(prevLoc, m.loc[x]), m.ready[x]);
            return s - r.start[k] <= r.slack[k] + Model.EPS;
        }
        double lateDelta = 0;
        double dropDelta = 0;
        for (; k < n; k++) {
            int x = r.nodes[k];
            double s = Math.max(prevDep + m.time(prevLoc, m.loc[x]), m.ready[x]);
            double old = r.start[k];
            if (Math.abs(s - old) <= Model.EPS) {
                suffixFinish = r.finish;
                suffixLate = lateDelta;
                suffixDrops = dropDelta;
                return true;
            }
            lateDelta += Math.max(0, s - m.due[x]) - Math.max(0, old - m.due[x]);
            if ((x & 1) == 1) {
                dropDelta += s - old;
            }
            prevDep = s + m.service[x];
            prevLoc = m.loc[x];
        }
        if (end >= 0) {
            double a = prevDep + m.time(prevLoc, end);
            double oldLate = n > 0 ? Math.max(0, r.endArrival - m.vEndBy[r.v]) : 0;
            lateDelta += Math.max(0, a - m.vEndBy[r.v]) - oldLate;
            suffixFinish = a;
        } else {
            suffixFinish = prevDep;
        }
        suffixLate = lateDelta;
        suffixDrops = dropDelta;
        return true;
    }
}
