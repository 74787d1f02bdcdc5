package throughput;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU seconds so far, by who spent them: the service JVM, the run's PostgreSQL, this load
 * generator, and the whole machine (/proc/stat: every process, other tenants of a shared machine
 * included). A difference of two snapshots over a load step is that step's CPU budget across the
 * machine, the figure that bounds what two cores can carry.
 */
record CpuSnapshot(double service, double postgres, double generator, double machine) {

    static CpuSnapshot now(ServiceProcess processes) {
        return new CpuSnapshot(
                processes.cpuSeconds(), processes.postgresCpuSeconds(), generatorSeconds(), machineSeconds());
    }

    /** CPU seconds this JVM, the load generator, has spent so far. */
    static double generatorSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime()
                / 1e9;
    }

    /** "CPU per ok request across the machine" for the step between two snapshots, or "" without a pid. */
    static String perRequest(CpuSnapshot from, CpuSnapshot to, long ok) {
        if (from.service < 0 || to.service < 0 || from.machine < 0 || ok == 0) return "";
        double service = 1000 * (to.service - from.service) / ok;
        double postgres = from.postgres < 0 || to.postgres < 0 ? 0 : 1000 * (to.postgres - from.postgres) / ok;
        double generator = 1000 * (to.generator - from.generator) / ok;
        double machine = 1000 * (to.machine - from.machine) / ok;
        int cores = Runtime.getRuntime().availableProcessors();
        return String.format(
                "  - CPU per ok request across the machine: %.1f ms = service JVM %.1f + PostgreSQL %.1f + load"
                    + " generator %.1f + everything else %.1f (other processes of the shared machine, kernel); at that"
                    + " cost %d cores carry at most **%.0f requests/s**%n",
                machine,
                service,
                postgres,
                generator,
                Math.max(0, machine - service - postgres - generator),
                cores,
                cores * 1000 / machine);
    }

    /** Busy CPU seconds of the whole machine (/proc/stat: user, nice, system, irq, softirq, steal), -1 if unreadable. */
    private static double machineSeconds() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) busy += Long.parseLong(f[i]);
            return busy / 100.0; // CLK_TCK 100
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
