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
}
