package io.dispatch.planner;

/** The planner's solver as the engine and the simulator use it (ADR 0041 chose it on Li &amp; Lim's benchmark). */
public final class RouteSolvers {

    private RouteSolvers() {}

    /**
     * The solver of record: {@link AlnsSolver}, one route at a time when every job is fixed to its vehicle ({@link
     * PerVehicleSolver}), whole otherwise.
     */
    public static RouteSolver standard() {
        return new PerVehicleSolver(new AlnsSolver());
    }

    /**
     * What a move of a job to another vehicle must save to be made, in the objective's seconds (ADR 0061: two
     * minutes; a margin of zero moved more parcels for less gain on the simulated days).
     */
    public static final double RELOCATION_MARGIN_SECONDS = 120;

    /**
     * The live routes' improvement (the engine and the simulator): each job that may change vehicle moved to where it
     * fits best ({@link Relocation}), then {@link #standard()} on each route. The same as {@link #standard()} when
     * every job is fixed.
     */
    public static RouteSolver live() {
        return new Relocation(standard(), RELOCATION_MARGIN_SECONDS);
    }
}
