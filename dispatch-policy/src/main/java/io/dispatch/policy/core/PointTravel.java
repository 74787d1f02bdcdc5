package io.dispatch.policy.core;

import io.dispatch.planner.Travel;
import java.util.List;

/** Travel between a snapshot's points computed when asked (a full matrix of a zone's riders and stops would cost more). */
record PointTravel(List<Point> points, TravelModel model) implements Travel {

    @Override
    public int size() {
        return points.size();
    }

    @Override
    public double time(int from, int to) {
        return from == to ? 0 : model.seconds(points.get(from), points.get(to));
    }

    @Override
    public double distance(int from, int to) {
        return from == to ? 0 : model.meters(points.get(from), points.get(to));
    }
}
