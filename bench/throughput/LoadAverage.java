package throughput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's load average (1, 5 and 15 minutes), which every result and every chart records
 * beside its figures: on a shared machine a figure taken at a high load measures the machine.
 */
final class LoadAverage {

    private static String atStart = now();

    private LoadAverage() {}

    /**
     * Marks the start of the run: the figure bench/throughput.sh wrote at the top of the section
     * ({@code BENCH_LOAD_AT_START}, before its baselines), else now.
     */
    static void markStart() {
        String given = System.getenv("BENCH_LOAD_AT_START");
        atStart = given == null || given.isBlank() ? now() : given.trim();
    }

    static String atStart() {
        return atStart;
    }

    static String now() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }
}
