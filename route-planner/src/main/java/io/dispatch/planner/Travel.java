package io.dispatch.planner;

/**
 * Travel between the problem's locations, by index: time in seconds on the problem's clock and distance in the
 * problem's unit (metres live, the plane's unit in Li & Lim's instances, where time equals distance).
 */
public interface Travel {

    int size();

    double time(int from, int to);

    double distance(int from, int to);

    /** Euclidean distances in double precision, time equal to distance: Li & Lim's convention. */
    static Travel euclidean(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y differ in length");
        }
        double[][] d = new double[x.length][x.length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x.length; j++) {
                d[i][j] = Math.hypot(x[i] - x[j], y[i] - y[j]);
            }
        }
        return matrix(d, d);
    }

    /** Precomputed matrices; {@code time[i][j]} and {@code distance[i][j]} from location i to j. */
    static Travel matrix(double[][] time, double[][] distance) {
        if (time.length != distance.length) {
            throw new IllegalArgumentException("time and distance differ in size");
        }
        return new Travel() {
            @Override
            public int size() {
                return time.length;
            }

            @Override
            public double time(int from, int to) {
                return time[from][to];
            }

            @Override
            public double distance(int from, int to) {
                return distance[from][to];
            }
        };
    }
}
