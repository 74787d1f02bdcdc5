import com.graphhopper.jsprit.core.algorithm.VehicleRoutingAlgorithm;
import com.graphhopper.jsprit.core.algorithm.box.Jsprit;
import com.graphhopper.jsprit.core.algorithm.termination.TimeTermination;
import com.graphhopper.jsprit.core.problem.Location;
import com.graphhopper.jsprit.core.problem.VehicleRoutingProblem;
import com.graphhopper.jsprit.core.problem.job.Shipment;
import com.graphhopper.jsprit.core.problem.solution.VehicleRoutingProblemSolution;
import com.graphhopper.jsprit.core.problem.solution.route.VehicleRoute;
import com.graphhopper.jsprit.core.problem.solution.route.activity.TourActivity;
import com.graphhopper.jsprit.core.problem.vehicle.VehicleImpl;
import com.graphhopper.jsprit.core.problem.vehicle.VehicleTypeImpl;
import com.graphhopper.jsprit.core.util.Coordinate;
import com.graphhopper.jsprit.core.util.Solutions;
import io.dispatch.planner.bench.LiLim;
import io.dispatch.planner.bench.LiLimCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Trial of jsprit-core 1.8 on Li & Lim instances (issue 34, step 2): JspritTrial seconds fixedCost file... */
public class JspritTrial {
    public static void main(String[] args) throws Exception {
        double seconds = Double.parseDouble(args[0]);
        double fixed = Double.parseDouble(args[1]);
        for (int a = 2; a < args.length; a++) {
            LiLim in = LiLim.read(Path.of(args[a]));
            long t0 = System.nanoTime();
            VehicleTypeImpl type = VehicleTypeImpl.Builder.newInstance("t")
                    .addCapacityDimension(0, in.capacity()).setFixedCost(fixed).setCostPerDistance(1).setCostPerTransportTime(0).build();
            VehicleRoutingProblem.Builder b = VehicleRoutingProblem.Builder.newInstance().setFleetSize(VehicleRoutingProblem.FleetSize.FINITE);
            for (int v = 0; v < in.vehicles(); v++) {
                b.addVehicle(VehicleImpl.Builder.newInstance("v" + v).setStartLocation(loc(in, 0)).setEarliestStart(in.ready()[0])
                        .setLatestArrival(in.due()[0]).setType(type).setReturnToDepot(true).build());
            }
            for (int p : in.pickups()) {
                int d = in.deliveryOf()[p];
                b.addJob(Shipment.Builder.newInstance("s" + p).addSizeDimension(0, in.demand()[p])
                        .setPickupLocation(loc(in, p)).setDeliveryLocation(loc(in, d))
                        .setPickupServiceTime(in.service()[p]).setDeliveryServiceTime(in.service()[d])
                        .setPickupTimeWindow(com.graphhopper.jsprit.core.problem.solution.route.activity.TimeWindow.newInstance(in.ready()[p], in.due()[p]))
                        .setDeliveryTimeWindow(com.graphhopper.jsprit.core.problem.solution.route.activity.TimeWindow.newInstance(in.ready()[d], in.due()[d]))
                        .build());
            }
            VehicleRoutingProblem vrp = b.build();
            VehicleRoutingAlgorithm algo = Jsprit.Builder.newInstance(vrp).setProperty(Jsprit.Parameter.THREADS, "1")
                    .buildAlgorithm();
            algo.setMaxIterations(Integer.MAX_VALUE);
            TimeTermination tt = new TimeTermination((long) (seconds * 1000));
            algo.setPrematureAlgorithmTermination(tt);
            algo.addListener(tt);
            VehicleRoutingProblemSolution best = Solutions.bestOf(algo.searchSolutions());
            List<List<Integer>> routes = new ArrayList<>();
            for (VehicleRoute r : best.getRoutes()) {
                List<Integer> route = new ArrayList<>();
                for (TourActivity act : r.getActivities()) route.add(Integer.parseInt(act.getLocation().getId()));
                routes.add(route);
            }
            double took = (System.nanoTime() - t0) / 1e9;
            LiLimCheck.Result res = LiLimCheck.check(in, routes);
            System.out.printf("%s %d %.2f %.1f unassigned=%d valid=%s%n", in.name(), res.vehicles(), res.distance(), took,
                    best.getUnassignedJobs().size(), res.valid() ? "yes" : res.errors().subList(0, Math.min(3, res.errors().size())));
        }
    }

    static Location loc(LiLim in, int i) {
        return Location.Builder.newInstance().setId(Integer.toString(i)).setCoordinate(Coordinate.newInstance(in.x()[i], in.y()[i])).build();
    }
}
