package throughput;

import common.BenchHttp;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/**
 * The open-model load generator: request i is due at start + i / rate and its latency is measured
 * from that scheduled time, so a generator or service that falls behind shows as latency, not as a
 * lower rate. Every non-2xx answer and every transport error counts as an error.
 */
final class OpenLoop {

    /** Requests outstanding at most; beyond it a due request is not sent and counts as an error (status -2). */
    static final int MAX_IN_FLIGHT = Integer.getInteger("bench.maxInFlight", 3000);

    /** Called with each 2xx answer, its request's index, its scheduled send and its completion (nanoTime). */
    interface OnOk {
        void accept(int index, HttpResponse<String> response, long scheduled, long done);
    }

    private OpenLoop() {}

    /** {@code rate} requests a second for {@code seconds}; {@code onOk} may be null. */
    static LoadStep run(ServiceProcess service, int rate, int seconds, IntFunction<HttpRequest> request, OnOk onOk)
            throws Exception {
        LoadStep step = new LoadStep(rate, seconds);
        long total = step.total();
        long period = 1_000_000_000L / rate;
        AtomicLong outstanding = new AtomicLong(total);
        AtomicInteger inFlight = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        CpuSnapshot before = CpuSnapshot.now(service);
        long start = System.nanoTime() + 50_000_000;
        for (int n = 0; n < total; n++) {
            long scheduled = start + n * period;
            long now;
            while ((now = System.nanoTime()) < scheduled) LockSupport.parkNanos(scheduled - now);
            step.maxLateMs = (int) Math.max(step.maxLateMs, (now - scheduled) / 1_000_000);
            int index = n;
            if (inFlight.get() >= MAX_IN_FLIGHT) { // the service is that far behind: not sent, counted as an error
                step.count(-2);
                step.errorsPerSecond.incrementAndGet(
                        (int) Math.min(step.okPerSecond.length() - 1, (now - start) / 1_000_000_000L));
                if (outstanding.decrementAndGet() == 0) done.countDown();
                continue;
            }
            inFlight.incrementAndGet();
            step.sentPerSecond.incrementAndGet((int) ((now - start) / 1_000_000_000L));
            BenchHttp.HTTP
                    .sendAsync(request.apply(n), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, failure) -> {
                        long end = System.nanoTime();
                        inFlight.decrementAndGet();
                        int status = failure == null ? response.statusCode() : -1;
                        try {
                            int second = (int) Math.min(step.okPerSecond.length() - 1, (end - start) / 1_000_000_000L);
                            step.latency.recordValue(end - scheduled);
                            step.perSecond[second].recordValue(end - scheduled);
                            step.count(status);
                            if (status >= 200 && status < 300) {
                                step.okPerSecond.incrementAndGet(second);
                                if (onOk != null) onOk.accept(index, response, scheduled, end);
                            } else {
                                step.errorsPerSecond.incrementAndGet(second);
                                synchronized (step.failures) {
                                    if (step.failures.size() < 5) {
                                        step.failures.add(
                                                failure != null
                                                        ? failure.toString()
                                                        : status + " "
                                                                + response.body()
                                                                        .substring(
                                                                                0,
                                                                                Math.min(
                                                                                        200,
                                                                                        response.body()
                                                                                                .length())));
                                    }
                                }
                            }
                        } finally {
                            if (outstanding.decrementAndGet() == 0) done.countDown();
                        }
                    });
        }
        done.await(60, TimeUnit.SECONDS);
        step.elapsed = (System.nanoTime() - start) / 1e9;
        CpuSnapshot after = CpuSnapshot.now(service);
        if (before.service() >= 0 && after.service() >= 0) step.cpu = after.service() - before.service();
        step.machine = CpuSnapshot.perRequest(before, after, step.ok());
        return step;
    }
}
