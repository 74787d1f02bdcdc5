import com.google.ortools.Loader;
import com.google.ortools.constraintsolver.Assignment;
import com.google.ortools.constraintsolver.FirstSolutionStrategy;
import com.google.ortools.constraintsolver.LocalSearchMetaheuristic;
import com.google.ortools.constraintsolver.RoutingDimension;
import com.google.ortools.constraintsolver.RoutingIndexManager;
import com.google.ortools.constraintsolver.RoutingModel;
import com.google.ortools.constraintsolver.RoutingSearchParameters;
import com.google.ortools.constraintsolver.Solver;
import com.google.ortools.constraintsolver.main;
import com.google.protobuf.Duration;
import io.dispatch.planner.bench.LiLim;
import io.dispatch.planner.bench.LiLimCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Trial of OR-Tools 9.14 routing on Li & Lim instances (issue 34, step 2): OrToolsTrial seconds fixedCost file... */
public class OrToolsTrial {
    static final double SCALE = 1000;

    public static void main(String[] args) throws Exception {
        Loader.loadNativeLibraries();
        double seconds = Double.parseDouble(args[0]);
        long fixed = (long) (Double.parseDouble(args[1]) * SCALE);
        for (int a = 2; a < args.length; a++) {
            LiLim in = LiLim.read(Path.of(args[a]));
            long t0 = System.nanoTime();
            int n = in.size();
            long[][] dist = new long[n][n];
            long[][] time = new long[n][n];
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
                double d = Math.hypot(in.x()[i] - in.x()[j], in.y()[i] - in.y()[j]);
                dist[i][j] = Math.round(d * SCALE);
                time[i][j] = (long) Math.ceil((d + in.service()[i]) * SCALE);
            }
            RoutingIndexManager manager = new RoutingIndexManager(n, in.vehicles(), 0);
            RoutingModel routing = new RoutingModel(manager);
            int distCb = routing.registerTransitCallback((f, t) -> dist[manager.indexToNode(f)][manager.indexToNode(t)]);
            routing.setArcCostEvaluatorOfAllVehicles(distCb);
            routing.setFixedCostOfAllVehicles(fixed);
            int timeCb = routing.registerTransitCallback((f, t) -> time[manager.indexToNode(f)][manager.indexToNode(t)]);
            long horizon = (long) (in.due()[0] * SCALE);
            routing.addDimension(timeCb, horizon, horizon, false, "Time");
            RoutingDimension td = routing.getMutableDimension("Time");
            for (int i = 1; i < n; i++) {
                td.cumulVar(manager.nodeToIndex(i)).setRange((long) Math.ceil(in.ready()[i] * SCALE), (long) Math.floor(in.due()[i] * SCALE));
            }
            for (int v = 0; v < in.vehicles(); v++) {
                td.cumulVar(routing.start(v)).setRange((long) (in.ready()[0] * SCALE), horizon);
                td.cumulVar(routing.end(v)).setRange((long) (in.ready()[0] * SCALE), horizon);
            }
            int demCb = routing.registerUnaryTransitCallback(f -> in.demand()[manager.indexToNode(f)]);
            long[] caps = new long[in.vehicles()];
            java.util.Arrays.fill(caps, in.capacity());
            routing.addDimensionWithVehicleCapacity(demCb, 0, caps, true, "Cap");
            Solver solver = routing.solver();
            for (int p : in.pickups()) {
                long pi = manager.nodeToIndex(p), di = manager.nodeToIndex(in.deliveryOf()[p]);
                routing.addPickupAndDelivery(pi, di);
                solver.addConstraint(solver.makeEquality(routing.vehicleVar(pi), routing.vehicleVar(di)));
                solver.addConstraint(solver.makeLessOrEqual(td.cumulVar(pi), td.cumulVar(di)));
            }
            RoutingSearchParameters params = main.defaultRoutingSearchParameters().toBuilder()
                    .setFirstSolutionStrategy(FirstSolutionStrategy.Value.PARALLEL_CHEAPEST_INSERTION)
                    .setLocalSearchMetaheuristic(LocalSearchMetaheuristic.Value.GUIDED_LOCAL_SEARCH)
                    .setTimeLimit(Duration.newBuilder().setSeconds((long) seconds).build()).build();
            Assignment sol = routing.solveWithParameters(params);
            double took = (System.nanoTime() - t0) / 1e9;
            if (sol == null) { System.out.printf("%s 0 0 %.1f no solution%n", in.name(), took); continue; }
            List<List<Integer>> routes = new ArrayList<>();
            for (int v = 0; v < in.vehicles(); v++) {
                List<Integer> route = new ArrayList<>();
                long idx = sol.value(routing.nextVar(routing.start(v)));
                while (!routing.isEnd(idx)) { route.add(manager.indexToNode(idx)); idx = sol.value(routing.nextVar(idx)); }
                routes.add(route);
            }
            LiLimCheck.Result res = LiLimCheck.check(in, routes);
            System.out.printf("%s %d %.2f %.1f valid=%s%n", in.name(), res.vehicles(), res.distance(), took,
                    res.valid() ? "yes" : res.errors().subList(0, Math.min(3, res.errors().size())));
        }
    }
}
