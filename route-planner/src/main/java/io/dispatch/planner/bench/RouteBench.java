package io.dispatch.planner.bench;

import io.dispatch.planner.AlnsSolver;
import io.dispatch.planner.CheapestInsertion;
import io.dispatch.planner.Inserted;
import io.dispatch.planner.PlanProblem;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.PlannedStop;
import io.dispatch.planner.RouteSolver;
import io.dispatch.planner.SolveBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code deploy/route-bench.sh <file or folder> [--seconds S] [--seed N] [--greedy]} (decisions.md section 15): solves
 * Li &amp; Lim instances with the planner's solver and prints {@code name vehicles distance seconds} per instance, then
 * {@code { instances, meanSeconds, solved, vehicles, distance }}. Each solution is checked by {@link LiLimCheck}
 * before it is printed; one that fails, or an instance that cannot be read or solved, prints vehicles 0 and the
 * reason. {@code --greedy}: cheapest insertion only, job by job, as a baseline. Exit status: 0 done, 2 bad options.
 */
public final class RouteBench {

    /** Share of {@code --seconds} left for what is not search (reading, checking, a late garbage collection). */
    static final double MARGIN_SHARE = 0.01;

    /** And a fixed part of it. */
    static final long MARGIN_NANOS = 50_000_000;

    private RouteBench() {}

    /** One instance's line. */
    public record Line(String name, int vehicles, double distance, double seconds, String reason) {

        public String format() {
            String base = String.format(Locale.ROOT, "%s %d %.2f %.2f", name, vehicles, distance, seconds);
            return reason == null ? base : base + " " + reason;
        }
    }

    public static void main(String[] args) throws IOException {
        Path target = null;
        double seconds = 10;
        long seed = 34;
        boolean greedy = false;
        for (int a = 0; a < args.length; a++) {
            switch (args[a]) {
                case "--seconds" -> seconds = Double.parseDouble(value(args, ++a));
                case "--seed" -> seed = Long.parseLong(value(args, ++a));
                case "--greedy" -> greedy = true;
                default -> {
                    if (target != null || args[a].startsWith("--")) {
                        usage("unexpected argument: " + args[a]);
                    }
                    target = Path.of(args[a]);
                }
            }
        }
        if (target == null) {
            usage("a file or folder of Li & Lim instances is needed");
        }
        List<Path> files;
        if (Files.isDirectory(target)) {
            try (Stream<Path> listing = Files.list(target)) {
                files = listing.filter(p -> p.getFileName().toString().endsWith(".txt"))
                        .sorted()
                        .toList();
            }
        } else {
            files = List.of(target);
        }
        int solved = 0;
        long vehicles = 0;
        double distance = 0;
        double totalSeconds = 0;
        double maxSeconds = 0;
        for (Path file : files) {
            Line line = run(file, seconds, seed, greedy);
            System.out.println(line.format());
            System.out.flush();
            totalSeconds += line.seconds();
            maxSeconds = Math.max(maxSeconds, line.seconds());
            if (line.vehicles() > 0) {
                solved++;
                vehicles += line.vehicles();
                distance += line.distance();
            }
        }
        System.out.printf(
                Locale.ROOT,
                "{ \"instances\": %d, \"meanSeconds\": %.2f, \"maxSeconds\": %.2f, \"solved\": %d, \"vehicles\": %d,"
                        + " \"distance\": %.2f }%n",
                files.size(),
                files.isEmpty() ? 0 : totalSeconds / files.size(),
                maxSeconds,
                solved,
                vehicles,
                distance);
    }

    /** Reads, solves and checks one instance; never throws. */
    public static Line run(Path file, double seconds, long seed, boolean greedy) {
        String name = file.getFileName().toString().replaceFirst("\\.txt$", "");
        long t0 = System.nanoTime();
        try {
            LiLim instance = LiLim.read(file);
            PlanProblem problem = instance.toProblem();
            // the line's seconds count reading, checking and printing too: the search stops a margin earlier
            long searchNanos = (long) (seconds * 1e9 * (1 - MARGIN_SHARE)) - MARGIN_NANOS - (System.nanoTime() - t0);
            PlanSolution solution = greedy
                    ? greedy(problem)
                    : solve(
                            new AlnsSolver(),
                            problem,
                            new SolveBudget(Duration.ofNanos(Math.max(0, searchNanos)), 0, seed));
            double took = (System.nanoTime() - t0) / 1e9;
            if (!solution.unassigned().isEmpty()) {
                return new Line(
                        name, 0, 0, took, "unsolved: " + solution.unassigned().size() + " jobs unassigned");
            }
            LiLimCheck.Result check = LiLimCheck.check(instance, routes(solution));
            if (!check.valid()) {
                return new Line(
                        name,
                        0,
                        0,
                        took,
                        "invalid: "
                                + String.join(
                                        "; ",
                                        check.errors()
                                                .subList(
                                                        0,
                                                        Math.min(
                                                                3,
                                                                check.errors().size()))));
            }
            return new Line(name, check.vehicles(), check.distance(), took, null);
        } catch (IOException | RuntimeException e) {
            return new Line(name, 0, 0, (System.nanoTime() - t0) / 1e9, "failed: " + e);
        }
    }

    static PlanSolution solve(RouteSolver solver, PlanProblem problem, SolveBudget budget) {
        return solver.solve(problem, null, budget);
    }

    /** Cheapest insertion of each job in turn (the problem's order), from empty routes: the baseline. */
    public static PlanSolution greedy(PlanProblem problem) {
        List<String> left =
                new ArrayList<>(problem.jobs().stream().map(j -> j.id()).toList());
        PlanSolution state = new PlanSolution(List.of(), left);
        for (var job : problem.jobs()) {
            Optional<Inserted> next = CheapestInsertion.insert(problem, state, job.id());
            if (next.isPresent()) {
                state = next.get().solution();
            }
        }
        return state;
    }

    /** Location ids per route, as {@link LiLimCheck} reads them. */
    public static List<List<Integer>> routes(PlanSolution solution) {
        List<List<Integer>> routes = new ArrayList<>();
        for (PlannedRoute route : solution.routes()) {
            routes.add(route.stops().stream().map(PlannedStop::location).toList());
        }
        return routes;
    }

    private static String value(String[] args, int at) {
        if (at >= args.length) {
            usage(args[at - 1] + " needs a value");
        }
        return args[at];
    }

    private static void usage(String problem) {
        System.err.println("route-bench: " + problem);
        System.err.println("usage: route-bench <file or folder> [--seconds S] [--seed N] [--greedy]");
        System.exit(2);
    }
}
