package throughput;

/**
 * The run's baselines, measured by bench/throughput.sh before the scenario: B_pg (pgbench single-row
 * inserts, tx/s), B_http (the ping, req/s on 32 connections) and B_http's one-connection p50 (ms).
 * A figure is printed as a multiple of them; 0 means not measured and prints nothing.
 */
record Baselines(double pg, double http, double httpP50) {

    /** Ratio text of a rate to B_pg and B_http. */
    String ratios(double rate) {
        StringBuilder s = new StringBuilder();
        if (pg > 0) s.append(String.format("%.3f × B_pg", rate / pg));
        if (http > 0) s.append(s.isEmpty() ? "" : ", ").append(String.format("%.3f × B_http", rate / http));
        return s.toString();
    }

    /** Ratio text of a latency to B_http's one-connection p50. */
    String latencyRatio(double ms) {
        return httpP50 > 0 ? String.format(" (%.0f × B_http p50)", ms / httpP50) : "";
    }
}
