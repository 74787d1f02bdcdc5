package throughput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The processes of the service under test, read from /proc: the service JVM (pid=) and the run's
 * PostgreSQL (found by the port of jdbc=). Either may be null: its figures are then -1.
 */
record ServiceProcess(String pid, String jdbc) {

    private static final double TICKS_PER_SECOND = 100; // CLK_TCK

    /** CPU seconds (user + system) of the service JVM so far, -1 without a pid. */
    double cpuSeconds() {
        if (pid == null) return -1;
        try {
            String[] f = statFields(Files.readString(Path.of("/proc/" + pid + "/stat")));
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
        } catch (Exception e) {
            return -1;
        }
    }

    /**
     * CPU seconds of the run's PostgreSQL: its postmaster (with the children that exited, autovacuum
     * workers among them) and its live backends; -1 when not found.
     */
    double postgresCpuSeconds() {
        if (jdbc == null) return -1;
        String port = jdbc.replaceFirst("^jdbc:postgresql://[^:/]+:(\\d+).*$", "$1");
        try (var processes = Files.list(Path.of("/proc"))) {
            List<String[]> stats = new ArrayList<>();
            String postmaster = null;
            for (Path proc : processes
                    .filter(p -> p.getFileName().toString().matches("\\d+"))
                    .toList()) {
                try {
                    String[] f = statFields(Files.readString(proc.resolve("stat")));
                    String id = proc.getFileName().toString();
                    stats.add(new String[] {id, f[1], f[11], f[12], f[13], f[14]});
                    List<String> args =
                            List.of(Files.readString(proc.resolve("cmdline")).split("\0"));
                    int p = args.indexOf("-p");
                    if (!args.isEmpty()
                            && args.get(0).endsWith("/postgres")
                            && p > 0
                            && p + 1 < args.size()
                            && args.get(p + 1).equals(port)) {
                        postmaster = id;
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended while being read
                }
            }
            if (postmaster == null) return -1;
            long ticks = 0;
            for (String[] f : stats) {
                if (f[0].equals(postmaster)) {
                    ticks += Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[4]) + Long.parseLong(f[5]);
                } else if (f[1].equals(postmaster)) {
                    ticks += Long.parseLong(f[2]) + Long.parseLong(f[3]);
                }
            }
            return ticks / TICKS_PER_SECOND;
        } catch (IOException e) {
            return -1;
        }
    }

    /** Resident memory of the service JVM in MB, -1 without a pid or once it is gone. */
    long rssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
            }
        } catch (Exception ignored) {
            // no pid or gone
        }
        return -1;
    }

    /** The fields of a /proc/<pid>/stat line after the command name (field 3, the state, first). */
    private static String[] statFields(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }
}
