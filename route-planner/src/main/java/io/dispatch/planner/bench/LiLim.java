package io.dispatch.planner.bench;

import io.dispatch.planner.Objective;
import io.dispatch.planner.PlanJob;
import io.dispatch.planner.PlanProblem;
import io.dispatch.planner.PlanVehicle;
import io.dispatch.planner.TimeWindow;
import io.dispatch.planner.Travel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One instance of Li &amp; Lim's pickup-and-delivery benchmark with time windows, as its text file says it (first
 * line {@code vehicles capacity speed}, then {@code id x y demand ready due service pickupIndex deliveryIndex} per
 * location, id 0 the depot; /work/shared/bench/pdptw/README.md), and its translation into a {@link PlanProblem}: one
 * job per pickup (job id = the pickup's id), {@code vehicles} vehicles leaving the depot at its {@code ready} and back
 * by its {@code due}, locations indexed by id, travel time equal to Euclidean distance.
 */
public record LiLim(
        String name,
        int vehicles,
        int capacity,
        double[] x,
        double[] y,
        int[] demand,
        double[] ready,
        double[] due,
        double[] service,
        int[] pickupOf,
        int[] deliveryOf) {

    /** Reads {@code file}; the instance's name is the file's name without {@code .txt}. */
    public static LiLim read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file).stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        if (lines.isEmpty()) {
            throw new IOException("empty file");
        }
        String[] head = lines.getFirst().split("\\s+");
        if (head.length < 2) {
            throw new IOException("first line is not 'vehicles capacity speed'");
        }
        int n = lines.size() - 1;
        double[] x = new double[n];
        double[] y = new double[n];
        int[] demand = new int[n];
        double[] ready = new double[n];
        double[] due = new double[n];
        double[] service = new double[n];
        int[] pickupOf = new int[n];
        int[] deliveryOf = new int[n];
        for (int k = 1; k <= n; k++) {
            String[] f = lines.get(k).split("\\s+");
            if (f.length < 9) {
                throw new IOException("line " + (k + 1) + " has " + f.length + " fields, not 9");
            }
            int id = Integer.parseInt(f[0]);
            if (id != k - 1) {
                throw new IOException("line " + (k + 1) + ": ids must run 0, 1, 2, ...; found " + id);
            }
            x[id] = Double.parseDouble(f[1]);
            y[id] = Double.parseDouble(f[2]);
            demand[id] = (int) Math.round(Double.parseDouble(f[3]));
            ready[id] = Double.parseDouble(f[4]);
            due[id] = Double.parseDouble(f[5]);
            service[id] = Double.parseDouble(f[6]);
            pickupOf[id] = Integer.parseInt(f[7]);
            deliveryOf[id] = Integer.parseInt(f[8]);
        }
        String name = file.getFileName().toString().replaceFirst("\\.txt$", "");
        return new LiLim(
                name,
                Integer.parseInt(head[0]),
                (int) Math.round(Double.parseDouble(head[1])),
                x,
                y,
                demand,
                ready,
                due,
                service,
                pickupOf,
                deliveryOf);
    }

    /** Locations, the depot included. */
    public int size() {
        return x.length;
    }

    /** The pickups, in id order (each names its delivery). */
    public List<Integer> pickups() {
        List<Integer> pickups = new ArrayList<>();
        for (int i = 1; i < size(); i++) {
            if (deliveryOf[i] > 0) {
                pickups.add(i);
            }
        }
        return pickups;
    }

    /** The benchmark's rules as a planner problem ({@link Objective#FEWEST_VEHICLES}). */
    public PlanProblem toProblem() {
        List<PlanJob> jobs = new ArrayList<>();
        for (int p : pickups()) {
            int d = deliveryOf[p];
            jobs.add(new PlanJob(
                    Integer.toString(p),
                    p,
                    d,
                    demand[p],
                    new TimeWindow(ready[p], due[p]),
                    new TimeWindow(ready[d], due[d]),
                    service[p],
                    service[d]));
        }
        List<PlanVehicle> fleet = new ArrayList<>();
        for (int v = 0; v < vehicles; v++) {
            fleet.add(new PlanVehicle("v" + v, 0, ready[0], 0, capacity, List.of(), List.of(), null, due[0]));
        }
        return new PlanProblem(fleet, jobs, Travel.euclidean(x, y), Objective.FEWEST_VEHICLES);
    }
}
