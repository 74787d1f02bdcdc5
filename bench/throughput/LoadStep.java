package throughput;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * What one open-loop step measured: latency from each request's scheduled send (overall and by
 * completion second), answers by status, sent / ok / errors per second, the service JVM's CPU and
 * the CPU per request across the machine.
 */
final class LoadStep {

    /** Latencies up to an hour, in nanoseconds. */
    static final long MAX_NANOS = 3_600_000_000_000L;

    final int rate;
    final int seconds;
    final ConcurrentHistogram latency = new ConcurrentHistogram(MAX_NANOS, 3);
    final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    final List<String> failures = new ArrayList<>();
    final AtomicIntegerArray okPerSecond;
    final AtomicIntegerArray errorsPerSecond;
    final AtomicIntegerArray sentPerSecond;
    final ConcurrentHistogram[] perSecond;
    double elapsed;
    double cpu = -1;
    String machine = "";
    int maxLateMs;

    LoadStep(int rate, int seconds) {
        this.rate = rate;
        this.seconds = seconds;
        int slots = seconds + 40;
        okPerSecond = new AtomicIntegerArray(slots);
        errorsPerSecond = new AtomicIntegerArray(slots);
        sentPerSecond = new AtomicIntegerArray(slots);
        perSecond = new ConcurrentHistogram[slots];
        for (int s = 0; s < slots; s++) perSecond[s] = new ConcurrentHistogram(MAX_NANOS, 2);
    }

    long total() {
        return (long) rate * seconds;
    }

    long errors() {
        return statuses.entrySet().stream()
                .filter(e -> e.getKey() < 200 || e.getKey() >= 300)
                .mapToLong(e -> e.getValue().get())
                .sum();
    }

    long ok() {
        return total() - errors();
    }

    /** The latency percentile {@code q} in milliseconds. */
    double p(double q) {
        return latency.getValueAtPercentile(q) / 1e6;
    }

    void count(int status) {
        statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
    }
}
