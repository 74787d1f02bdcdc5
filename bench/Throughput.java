import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The throughput harness of issue 17 against a running local run (bench/throughput.sh starts one
 * per scenario and passes the arguments). Open-model load: request i is due at start + i / rate and
 * its latency is measured from that scheduled time, so a generator or service that falls behind
 * shows as latency, not as a lower rate. Latencies go into HdrHistograms; every non-2xx answer and
 * every transport error (timeout 30 s) counts as an error. Each scenario prints a Markdown section
 * and writes its SVG charts next to it.
 *
 *   java -cp 'bench/lib/*' bench/Throughput.java <scenario> key=value ...
 *   common keys: base= admin= pid=(service JVM) out=(chart path prefix) bpg=(pgbench tx/s) bhttp=(ping req/s)
 *                bhttp1=(ping p50 ms, one connection)
 *   http      seconds= connections=            B_http: POST /api/v1/external/ping (API key, rate limit), closed loop
 *   creates   rate= seconds= keys=              G1: creates at a fixed arrival rate
 *   sweep     rates=25,50,100,... step= keys= target=50   G1: one step per rate, saturation = highest rate with
 *                                               p99 <= target, 0 errors and the rate achieved
 *   bulk      runs=                             G2: bulks of 500 one after another, time to the 201
 *   webhook   rate= seconds=                    G3: create -> webhook received
 *   readafter rate= seconds= jdbc=              G4: GET right after each 201 (404s), projection lag by polling
 *                                               query.dispatches for the created ids every 5 ms
 *   drain     endpoints= per= delay= dead= deadmode=hang|refuse window=   G6: webhook drain of a backlog
 *   dispatch  rate= seconds= riders= report= hold=   issue 33: the dispatch engine's decision latency at a create
 *                                               rate with riders on shift reporting their positions
 */
public class Throughput {

  static final HttpClient HTTP = BenchHttp.HTTP;
  static final String ORDER = """
      {"customerName":"Bench","customerPhone":"+254700000001","pickup":{"address":"A","lat":-1.2841,"lng":36.8219},\
      "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"COD","amountCents":150000}""";
  static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");

  static Map<String, String> opt = new HashMap<>();
  static String base;
  static String admin;
  static long wallStart = System.nanoTime();
  static StringBuilder md = new StringBuilder();

  public static void main(String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT);
    for (int i = 1; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      opt.put(kv[0], kv[1]);
    }
    base = opt.get("base");
    admin = opt.getOrDefault("admin", "bench-admin-token");
    switch (args[0]) {
      case "http" -> http();
      case "creates" -> creates();
      case "sweep" -> sweep();
      case "bulk" -> bulk();
      case "webhook" -> webhook();
      case "readafter" -> readAfter();
      case "drain" -> drain();
      case "recovery" -> recovery();
      case "dispatch" -> dispatch();
      default -> throw new IllegalArgumentException(args[0]);
    }
    double wall = (System.nanoTime() - wallStart) / 1e9;
    double cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime() / 1e9;
    md.append(String.format("- load generator (this JVM, JIT and setup included): %.1f s CPU over %.1f s wall = "
        + "%.0f %% of one core, %.0f %% of the machine's %d cores; load average now %s%n", cpu, wall, 100 * cpu / wall,
        100 * cpu / wall / Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().availableProcessors(),
        loadavg()));
    System.out.print(md);
  }

  static int i(String k, int d) { return Integer.parseInt(opt.getOrDefault(k, Integer.toString(d))); }
  static double d(String k) { return Double.parseDouble(opt.getOrDefault(k, "0")); }
  static String out() { return opt.getOrDefault("out", "bench/results/throughput"); }

  static String loadavg() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "?";
    }
  }

  /**
   * CPU seconds so far, by who spent them: the service JVM, the run's PostgreSQL (its postmaster and
   * backends, found by the jdbc= port; exited backends count through the postmaster's children
   * times), this load generator, and the whole machine (/proc/stat: every process, other tenants of
   * a shared machine included). A difference of two snapshots over a load step is that step's CPU
   * budget across the machine, the figure that bounds what two cores can carry.
   */
  record Cpu(double service, double postgres, double generator, double machine) {

    static Cpu now() {
      return new Cpu(serviceCpu(), postgresCpu(), ((com.sun.management.OperatingSystemMXBean)
          ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9, machineCpu());
    }

    /** "CPU per ok request across the machine" for the step between two snapshots, or "" without a pid. */
    static String perRequest(Cpu from, Cpu to, long ok) {
      if (from.service < 0 || to.service < 0 || from.machine < 0 || ok == 0) return "";
      double service = 1000 * (to.service - from.service) / ok;
      double postgres = from.postgres < 0 || to.postgres < 0 ? 0 : 1000 * (to.postgres - from.postgres) / ok;
      double generator = 1000 * (to.generator - from.generator) / ok;
      double machine = 1000 * (to.machine - from.machine) / ok;
      int cores = Runtime.getRuntime().availableProcessors();
      return String.format("  - CPU per ok request across the machine: %.1f ms = service JVM %.1f + PostgreSQL %.1f + "
          + "load generator %.1f + everything else %.1f (other processes of the shared machine, kernel); at that cost "
          + "%d cores carry at most **%.0f requests/s**%n", machine, service, postgres, generator,
          Math.max(0, machine - service - postgres - generator), cores, cores * 1000 / machine);
    }
  }

  /** CPU seconds of the run's PostgreSQL (postmaster and live backends), -1 when not found. */
  static double postgresCpu() {
    String jdbc = opt.get("jdbc");
    if (jdbc == null) return -1;
    String port = jdbc.replaceFirst("^jdbc:postgresql://[^:/]+:(\\d+).*$", "$1");
    try (var processes = Files.list(Path.of("/proc"))) {
      List<String[]> stats = new ArrayList<>();
      String postmaster = null;
      for (Path proc : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
        try {
          String stat = Files.readString(proc.resolve("stat"));
          String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          String pid = proc.getFileName().toString();
          stats.add(new String[] {pid, f[1], f[11], f[12], f[13], f[14]});
          List<String> args = List.of(Files.readString(proc.resolve("cmdline")).split("\0"));
          int p = args.indexOf("-p");
          if (!args.isEmpty() && args.get(0).endsWith("/postgres") && p > 0 && p + 1 < args.size()
              && args.get(p + 1).equals(port)) {
            postmaster = pid;
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
      return ticks / 100.0; // CLK_TCK 100
    } catch (IOException e) {
      return -1;
    }
  }

  /** Busy CPU seconds of the whole machine (/proc/stat: user, nice, system, irq, softirq, steal), -1 if unreadable. */
  static double machineCpu() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long busy = 0;
      for (int i : new int[] {1, 2, 3, 6, 7, 8}) busy += Long.parseLong(f[i]);
      return busy / 100.0;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** CPU seconds (user + system) of the service JVM so far, -1 without a pid. */
  static double serviceCpu() {
    String pid = opt.get("pid");
    if (pid == null) return -1;
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0; // CLK_TCK 100
    } catch (Exception e) {
      return -1;
    }
  }

  static long rssMb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + opt.get("pid") + "/status"))) {
        if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
      }
    } catch (Exception ignored) {
      // no pid or gone
    }
    return -1;
  }

  static long heapMb() {
    try {
      String text = call("GET", "/actuator/prometheus", Map.of("X-Admin-Token", admin), null).body();
      double sum = 0;
      for (String line : text.split("\n")) {
        if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
          sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        }
      }
      return (long) (sum / 1024 / 1024);
    } catch (Exception e) {
      return -1;
    }
  }

  /** Ratio text of a rate to the two baselines. */
  static String ratios(double rate) {
    StringBuilder s = new StringBuilder();
    if (d("bpg") > 0) s.append(String.format("%.3f × B_pg", rate / d("bpg")));
    if (d("bhttp") > 0) s.append(s.isEmpty() ? "" : ", ").append(String.format("%.3f × B_http", rate / d("bhttp")));
    return s.toString();
  }

  /** Ratio text of a latency to B_http's one-connection p50. */
  static String latRatio(double ms) {
    return d("bhttp1") > 0 ? String.format(" (%.0f × B_http p50)", ms / d("bhttp1")) : "";
  }

  // ---------------------------------------------------------------- set-up

  record Merchant(String id, List<String> keys) {}

  static Merchant merchant(String name, int keys) throws Exception {
    String id = field(call("POST", "/api/v1/admin/merchants", Map.of("X-Admin-Token", admin),
        "{\"name\":\"" + name + "\"}").body(), "id");
    List<String> list = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      list.add(field(call("POST", "/api/v1/admin/merchants/" + id + "/api-keys", Map.of("X-Admin-Token", admin),
          "{}").body(), "apiKey"));
    }
    return new Merchant(id, list);
  }

  /** keys API keys spread over keys / 4 merchants. */
  static List<String> keys(int keys) throws Exception {
    List<String> all = new ArrayList<>();
    for (int m = 0; m < Math.max(1, keys / 4); m++) all.addAll(merchant("bench-" + UUID.randomUUID(), 4).keys());
    return all;
  }

  static HttpRequest createRequest(String key) {
    return HttpRequest.newBuilder(URI.create(base + "/api/v1/external/dispatches")).timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/json").header("X-API-Key", key)
        .header("Idempotency-Key", UUID.randomUUID().toString())
        .POST(HttpRequest.BodyPublishers.ofString(ORDER)).build();
  }

  static void warmUp(List<String> keys, int n) throws Exception {
    for (int i = 0; i < n; i++) HTTP.send(createRequest(keys.get(i % keys.size())), HttpResponse.BodyHandlers.ofString());
  }

  // ---------------------------------------------------------------- the open-loop engine

  interface OnOk { void accept(int index, HttpResponse<String> response, long scheduled, long done); }

  static final class Step {
    final int rate;
    final int seconds;
    final ConcurrentHistogram latency = new ConcurrentHistogram(3_600_000_000_000L, 3);
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

    Step(int rate, int seconds) {
      this.rate = rate;
      this.seconds = seconds;
      int slots = seconds + 40;
      okPerSecond = new AtomicIntegerArray(slots);
      errorsPerSecond = new AtomicIntegerArray(slots);
      sentPerSecond = new AtomicIntegerArray(slots);
      perSecond = new ConcurrentHistogram[slots];
      for (int s = 0; s < slots; s++) perSecond[s] = new ConcurrentHistogram(3_600_000_000_000L, 2);
    }

    long total() { return (long) rate * seconds; }
    long errors() { return statuses.entrySet().stream().filter(e -> e.getKey() < 200 || e.getKey() >= 300)
        .mapToLong(e -> e.getValue().get()).sum(); }
    long ok() { return total() - errors(); }
    double p(double q) { return latency.getValueAtPercentile(q) / 1e6; }
  }

  /** Requests outstanding at most; beyond it a due request is not sent and counts as an error (status -2). */
  static final int MAX_IN_FLIGHT = Integer.getInteger("bench.maxInFlight", 3000);

  static Step openLoop(int rate, int seconds, IntFunction<HttpRequest> request, OnOk onOk) throws Exception {
    Step step = new Step(rate, seconds);
    long total = step.total();
    long period = 1_000_000_000L / rate;
    AtomicLong outstanding = new AtomicLong(total);
    AtomicInteger inFlight = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(1);
    Cpu before = Cpu.now();
    long start = System.nanoTime() + 50_000_000;
    for (int n = 0; n < total; n++) {
      long scheduled = start + n * period;
      long now;
      while ((now = System.nanoTime()) < scheduled) LockSupport.parkNanos(scheduled - now);
      step.maxLateMs = (int) Math.max(step.maxLateMs, (now - scheduled) / 1_000_000);
      int index = n;
      if (inFlight.get() >= MAX_IN_FLIGHT) { // the service is that far behind: not sent, counted as an error
        step.statuses.computeIfAbsent(-2, s -> new AtomicInteger()).incrementAndGet();
        step.errorsPerSecond.incrementAndGet((int) Math.min(step.okPerSecond.length() - 1, (now - start) / 1_000_000_000L));
        if (outstanding.decrementAndGet() == 0) done.countDown();
        continue;
      }
      inFlight.incrementAndGet();
      step.sentPerSecond.incrementAndGet((int) ((now - start) / 1_000_000_000L));
      HTTP.sendAsync(request.apply(n), HttpResponse.BodyHandlers.ofString()).whenComplete((response, failure) -> {
        long end = System.nanoTime();
        inFlight.decrementAndGet();
        int status = failure == null ? response.statusCode() : -1;
        try {
          int second = (int) Math.min(step.okPerSecond.length() - 1, (end - start) / 1_000_000_000L);
          step.latency.recordValue(end - scheduled);
          step.perSecond[second].recordValue(end - scheduled);
          step.statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
          if (status >= 200 && status < 300) {
            step.okPerSecond.incrementAndGet(second);
            if (onOk != null) onOk.accept(index, response, scheduled, end);
          } else {
            step.errorsPerSecond.incrementAndGet(second);
            synchronized (step.failures) {
              if (step.failures.size() < 5) {
                step.failures.add(failure != null ? failure.toString()
                    : status + " " + response.body().substring(0, Math.min(200, response.body().length())));
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
    Cpu after = Cpu.now();
    if (before.service() >= 0 && after.service() >= 0) step.cpu = after.service() - before.service();
    step.machine = Cpu.perRequest(before, after, step.ok());
    return step;
  }

  static String summary(String what, Step s) {
    StringBuilder b = new StringBuilder();
    double achieved = s.ok() / s.elapsed;
    b.append(String.format("- %s: %d at %d/s for %d s (done in %.1f s: %.1f ok/s = %s)%n", what, s.total(), s.rate,
        s.seconds, s.elapsed, achieved, ratios(achieved)));
    b.append(String.format("  - latency from the scheduled send: p50 %.1f ms%s, p90 %.1f ms, p99 %.1f ms%s, "
        + "p99.9 %.1f ms, max %.1f ms%n", s.p(50), latRatio(s.p(50)), s.p(90), s.p(99), latRatio(s.p(99)), s.p(99.9),
        s.p(100)));
    b.append(String.format("  - answers %s (-1 transport error, -2 not sent: %d already in flight); errors %d; "
        + "generator at most %d ms late on a send%n",
        new TreeMap<>(s.statuses), MAX_IN_FLIGHT, s.errors(), s.maxLateMs));
    if (s.cpu >= 0) {
      b.append(String.format("  - service JVM CPU %.1f s over %.1f s = %.0f %% of one core; %.1f ms CPU per ok request%n",
          s.cpu, s.elapsed, 100 * s.cpu / s.elapsed, 1000 * s.cpu / Math.max(1, s.ok())));
    }
    b.append(s.machine);
    synchronized (s.failures) {
      for (String f : s.failures) b.append("  - e.g. `").append(f.replace('\n', ' ').replace('`', '\'')).append("`\n");
    }
    return b.toString();
  }

  /** Throughput over time (sent, ok, errors per second) and latency over time of a step. */
  static void timeCharts(String name, String title, Step s, double[] extraSeries, String extraName) throws IOException {
    int n = s.seconds + 5;
    for (int k = s.okPerSecond.length() - 1; k > n; k--) {
      if (s.okPerSecond.get(k) > 0 || s.errorsPerSecond.get(k) > 0) { n = k + 1; break; }
    }
    double[] x = new double[n];
    double[] sent = new double[n];
    double[] ok = new double[n];
    double[] err = new double[n];
    double[] p50 = new double[n];
    double[] p99 = new double[n];
    for (int k = 0; k < n; k++) {
      x[k] = k;
      sent[k] = s.sentPerSecond.get(k);
      ok[k] = s.okPerSecond.get(k);
      err[k] = s.errorsPerSecond.get(k);
      p50[k] = s.perSecond[k].getTotalCount() == 0 ? Double.NaN : s.perSecond[k].getValueAtPercentile(50) / 1e6;
      p99[k] = s.perSecond[k].getTotalCount() == 0 ? Double.NaN : s.perSecond[k].getValueAtPercentile(99) / 1e6;
    }
    List<Series> rate = new ArrayList<>(List.of(new Series("sent/s", x, sent), new Series("2xx/s", x, ok),
        new Series("errors/s", x, err)));
    if (extraSeries != null) rate.add(new Series(extraName, x, java.util.Arrays.copyOf(extraSeries, n)));
    svg(out() + "-" + name + "-rate.svg", title + ": throughput over time", "seconds", "per second", false, rate);
    svg(out() + "-" + name + "-latency.svg", title + ": latency over time (by completion second)", "seconds",
        "ms (log)", true, List.of(new Series("p50", x, p50), new Series("p99", x, p99)));
    md.append(String.format("%n![%s throughput](%s) ![%s latency](%s)%n%n", name, fileName(out() + "-" + name + "-rate.svg"),
        name, fileName(out() + "-" + name + "-latency.svg")));
  }

  static String fileName(String path) { return Path.of(path).getFileName().toString(); }

  // ---------------------------------------------------------------- scenarios

  /**
   * B_http: closed loop on the trivial ping route, every request through the API key check and the per-key rate
   * limit (raised out of reach by the script's dispatch.rate-limit.per-minute; its bucket is still read and written
   * in PostgreSQL). The ping is outside idempotency's routes. One API key per connection, so no two connections
   * wait on the same bucket row.
   */
  static void http() throws Exception {
    int seconds = i("seconds", 10);
    int connections = i("connections", 32);
    List<String> keys = keys(connections);
    IntFunction<HttpRequest> pingWith = c -> HttpRequest.newBuilder(URI.create(base + "/api/v1/external/ping"))
        .timeout(Duration.ofSeconds(30)).header("X-API-Key", keys.get(c % keys.size()))
        .POST(HttpRequest.BodyPublishers.noBody()).build();
    HttpRequest ping = pingWith.apply(0);
    Histogram one = new Histogram(3_600_000_000_000L, 3);
    long until = System.nanoTime() + 4_000_000_000L;
    while (System.nanoTime() < until) { // warm-up and one-connection latency
      long t = System.nanoTime();
      HttpResponse<String> r = HTTP.send(ping, HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) throw new IllegalStateException("ping -> " + r.statusCode() + " " + r.body());
      one.recordValue(System.nanoTime() - t);
    }
    AtomicLong count = new AtomicLong();
    AtomicLong errors = new AtomicLong();
    ConcurrentHistogram many = new ConcurrentHistogram(3_600_000_000_000L, 3);
    Cpu before = Cpu.now();
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    try (var workers = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int c = 0; c < connections; c++) {
        HttpRequest own = pingWith.apply(c);
        workers.submit(() -> {
          while (System.nanoTime() < end) {
            long t = System.nanoTime();
            try {
              if (HTTP.send(own, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) count.incrementAndGet();
              else errors.incrementAndGet();
            } catch (Exception e) {
              errors.incrementAndGet();
            }
            many.recordValue(System.nanoTime() - t);
          }
          return null;
        });
      }
    }
    double rate = count.get() / ((System.nanoTime() - start) / 1e9);
    md.append(String.format("- B_http: POST /api/v1/external/ping (API key checked, counted by the "
        + "raised rate limit), %d connections with a key each, closed loop for %d s: **%.0f req/s**, p50 %.2f ms, p99 %.2f ms, %d errors; one connection: "
        + "p50 %.2f ms, p99 %.2f ms%n", connections, seconds, rate, many.getValueAtPercentile(50) / 1e6,
        many.getValueAtPercentile(99) / 1e6, errors.get(), one.getValueAtPercentile(50) / 1e6,
        one.getValueAtPercentile(99) / 1e6));
    md.append(Cpu.perRequest(before, Cpu.now(), count.get()));
    md.append(String.format("BHTTP=%.0f BHTTP1=%.3f%n", rate, one.getValueAtPercentile(50) / 1e6));
  }

  static void creates() throws Exception {
    List<String> keys = keys(i("keys", 200));
    warmUp(keys, 300);
    int rate = i("rate", 500);
    int seconds = i("seconds", 60);
    Step s = openLoop(rate, seconds, n -> createRequest(keys.get(n % keys.size())), null);
    md.append(summary("G1 creates (" + keys.size() + " API keys)", s));
    timeCharts("g1-creates-" + rate, "G1 creates at " + rate + "/s", s, null, null);
  }

  static void sweep() throws Exception {
    List<String> keys = keys(i("keys", 200));
    warmUp(keys, 300);
    int step = i("step", 20);
    double target = Double.parseDouble(opt.getOrDefault("target", "50"));
    List<Step> steps = new ArrayList<>();
    md.append(String.format("%n| offered /s | achieved ok/s | p50 ms | p90 ms | p99 ms | max ms | errors | service CPU | ratio |%n"
        + "|---|---|---|---|---|---|---|---|---|%n"));
    int failing = 0;
    for (String r : opt.getOrDefault("rates", "25,50,100,150,200,300,500,700").split(",")) {
      Step s = openLoop(Integer.parseInt(r.trim()), step, n -> createRequest(keys.get(n % keys.size())), null);
      steps.add(s);
      double achieved = s.ok() / s.elapsed;
      md.append(String.format("| %d | %.0f | %.1f | %.1f | %.1f | %.1f | %d | %.0f %% | %s |%n", s.rate, achieved, s.p(50),
          s.p(90), s.p(99), s.p(100), s.errors(), s.cpu < 0 ? 0 : 100 * s.cpu / s.elapsed, ratios(achieved)));
      System.err.printf("sweep %d/s: p99 %.1f ms, %d errors%n", s.rate, s.p(99), s.errors());
      boolean carried = s.errors() == 0 && achieved >= 0.95 * s.rate && s.p(99) <= 2000;
      failing = carried ? 0 : failing + 1;
      if (failing >= 2 || s.p(99) > 20_000) break; // past the knee: further steps only queue up
      pause(Duration.ofSeconds(5)); // let a backlog drain between steps
    }
    int saturation = 0;
    int capacity = 0;
    for (Step s : steps) {
      if (s.errors() == 0 && s.p(99) <= target) saturation = Math.max(saturation, s.rate);
      if (s.errors() == 0 && s.ok() / s.elapsed >= 0.95 * s.rate && s.p(99) <= 1000) capacity = Math.max(capacity, s.rate);
    }
    md.append(String.format("%n- saturation (highest offered rate with p99 ≤ %.0f ms and 0 errors): **%d/s** = %s%n",
        target, saturation, ratios(saturation)));
    md.append(String.format("- highest rate carried (0 errors, ≥ 95 %% achieved, p99 ≤ 1 s): %d/s = %s%n", capacity,
        ratios(capacity)));
    double[] x = steps.stream().mapToDouble(s -> s.rate).toArray();
    svg(out() + "-g1-sweep-latency.svg", "G1 creates: latency percentiles against the offered rate", "offered creates/s",
        "ms from the scheduled send (log)", true, List.of(
            new Series("p50", x, steps.stream().mapToDouble(s -> s.p(50)).toArray()),
            new Series("p90", x, steps.stream().mapToDouble(s -> s.p(90)).toArray()),
            new Series("p99", x, steps.stream().mapToDouble(s -> s.p(99)).toArray()),
            new Series("max", x, steps.stream().mapToDouble(s -> s.p(100)).toArray()),
            new Series("target p99", x, steps.stream().mapToDouble(s -> target).toArray())));
    svg(out() + "-g1-sweep-rate.svg", "G1 creates: achieved against offered", "offered creates/s", "creates/s", false,
        List.of(new Series("offered", x, x),
            new Series("achieved 2xx/s", x, steps.stream().mapToDouble(s -> s.ok() / s.elapsed).toArray())));
    md.append(String.format("%n![sweep latency](%s) ![sweep rate](%s)%n%n", fileName(out() + "-g1-sweep-latency.svg"),
        fileName(out() + "-g1-sweep-rate.svg")));
  }

  static void bulk() throws Exception {
    List<String> keys = keys(40);
    StringBuilder body = new StringBuilder("{\"orders\":[");
    for (int n = 0; n < 500; n++) body.append(n == 0 ? "" : ",").append(ORDER.replace("\"Bench\"", "\"Bench " + n + "\""));
    String orders = body.append("]}").toString();
    int runs = i("runs", 20);
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    double[] x = new double[runs];
    double[] y = new double[runs];
    for (int run = -2; run < runs; run++) { // two warm-up runs
      long t = System.nanoTime();
      HttpResponse<String> r = call("POST", "/api/v1/external/dispatches/bulk", Map.of("X-API-Key",
          keys.get((run + 2) % keys.size()), "Idempotency-Key", UUID.randomUUID().toString()), orders);
      long ns = System.nanoTime() - t;
      if (!r.body().contains("\"count\":500")) throw new IllegalStateException("bulk answered " + r.body());
      if (run >= 0) {
        h.recordValue(ns);
        x[run] = run + 1;
        y[run] = ns / 1e6;
      }
    }
    double p50 = h.getValueAtPercentile(50) / 1e6;
    md.append(String.format("- G2 bulk of 500, %d runs one after another (after 2 warm-up runs): p50 %.0f ms%s, "
        + "p99 %.0f ms, min %.0f ms, max %.0f ms; at p50 that is %.0f deliveries/s = %s%n", runs, p50, latRatio(p50),
        h.getValueAtPercentile(99) / 1e6, h.getMinValue() / 1e6, h.getMaxValue() / 1e6, 500_000 / p50,
        ratios(500_000 / p50)));
    svg(out() + "-g2-bulk.svg", "G2 bulk of 500: time to the 201 per run", "run", "ms", false,
        List.of(new Series("time to 201", x, y), new Series("target 250 ms", x, java.util.Arrays.stream(x).map(v -> 250).toArray())));
    md.append(String.format("%n![bulk](%s)%n%n", fileName(out() + "-g2-bulk.svg")));
  }

  static HttpServer receiver() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    return server;
  }

  static void webhook() throws Exception {
    int rate = i("rate", 200);
    int seconds = i("seconds", 60);
    Map<String, Long> arrivals = new ConcurrentHashMap<>();
    AtomicIntegerArray hooksPerSecond = new AtomicIntegerArray(seconds + 200);
    AtomicLong t0 = new AtomicLong(Long.MAX_VALUE);
    HttpServer server = receiver();
    server.createContext("/hook", exchange -> {
      long now = System.nanoTime();
      String body = new String(exchange.getRequestBody().readAllBytes());
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
      Matcher m = Pattern.compile("\"dispatch_id\"\\s*:\\s*\"([^\"]+)\"").matcher(body);
      if (body.contains("\"dispatch.created\"") && m.find() && arrivals.putIfAbsent(m.group(1), now) == null
          && now > t0.get()) {
        hooksPerSecond.incrementAndGet((int) Math.min(hooksPerSecond.length() - 1, (now - t0.get()) / 1_000_000_000L));
      }
    });
    server.start();
    Merchant m = merchant("webhook-latency", 30);
    call("PUT", "/api/v1/admin/merchants/" + m.id() + "/webhook", Map.of("X-Admin-Token", admin),
        "{\"url\":\"http://127.0.0.1:" + server.getAddress().getPort() + "/hook\"}");
    warmUp(m.keys(), 200);
    Map<Integer, String> ids = new ConcurrentHashMap<>();
    Map<Integer, Long> scheduledAt = new ConcurrentHashMap<>();
    t0.set(System.nanoTime());
    Step s = openLoop(rate, seconds, n -> createRequest(m.keys().get(n % m.keys().size())),
        (index, response, scheduled, done) -> {
          Matcher id = ID.matcher(response.body());
          if (id.find()) {
            ids.put(index, id.group(1));
            scheduledAt.put(index, scheduled);
          }
        });
    long deadline = System.nanoTime() + 120_000_000_000L;
    waitUntil(() -> System.nanoTime() >= deadline || arrivals.keySet().containsAll(ids.values()), 200);
    server.stop(0);
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    ids.forEach((index, id) -> {
      Long arrived = arrivals.get(id);
      if (arrived != null) h.recordValue(Math.max(0, arrived - scheduledAt.get(index)));
    });
    long missing = ids.values().stream().filter(id -> !arrivals.containsKey(id)).count();
    md.append(summary("G3 creates with a webhook endpoint answering at once", s));
    double p50 = h.getValueAtPercentile(50) / 1e6;
    double p99 = h.getValueAtPercentile(99) / 1e6;
    md.append(String.format("- G3 create → webhook received (from the create's scheduled send, matched by dispatch_id): "
        + "p50 **%.0f ms**%s, p90 %.0f ms, p99 **%.0f ms**%s, max %.0f ms; %d of %d webhooks arrived, %d missing after 2 min%n",
        p50, latRatio(p50), h.getValueAtPercentile(90) / 1e6, p99, latRatio(p99), h.getMaxValue() / 1e6,
        h.getTotalCount(), ids.size(), missing));
    double[] hooks = new double[hooksPerSecond.length()];
    for (int k = 0; k < hooks.length; k++) hooks[k] = hooksPerSecond.get(k);
    timeCharts("g3-webhook-" + rate, "G3 creates at " + rate + "/s with a webhook", s, hooks, "webhooks/s");
  }

  static void readAfter() throws Exception {
    List<String> keys = keys(i("keys", 200));
    warmUp(keys, 300);
    int rate = i("rate", 500);
    int seconds = i("seconds", 60);
    Map<String, Long> okAt = new ConcurrentHashMap<>();
    ConcurrentHistogram lag = new ConcurrentHistogram(3_600_000_000_000L, 3);
    ConcurrentHistogram read = new ConcurrentHistogram(3_600_000_000_000L, 3);
    Map<Integer, AtomicInteger> readStatuses = new ConcurrentHashMap<>();
    List<String> readSamples = java.util.Collections.synchronizedList(new ArrayList<>());
    AtomicBoolean polling = new AtomicBoolean(true);
    AtomicLong pollUntil = new AtomicLong(Long.MAX_VALUE);
    Connection c = DriverManager.getConnection(opt.get("jdbc"), "postgres", "postgres");
    PreparedStatement q = c.prepareStatement("select id::text from query.dispatches where id = any(?::uuid[])");
    ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor();
    CompletableFuture<Void> pollerDone = new CompletableFuture<>();
    // every 5 ms: which created deliveries have reached the read model (the projection lag)
    poller.scheduleWithFixedDelay(() -> {
      try {
        if (!okAt.isEmpty()) {
          q.setArray(1, c.createArrayOf("text", okAt.keySet().toArray()));
          try (ResultSet rs = q.executeQuery()) {
            long now = System.nanoTime();
            while (rs.next()) {
              Long t = okAt.remove(rs.getString(1));
              if (t != null) lag.recordValue(now - t);
            }
          }
        }
        if (!polling.get() && (okAt.isEmpty() || System.nanoTime() > pollUntil.get())) pollerDone.complete(null);
      } catch (Exception e) {
        pollerDone.completeExceptionally(e);
      }
    }, 0, 5, TimeUnit.MILLISECONDS);
    AtomicInteger inFlightReads = new AtomicInteger();
    Step s = openLoop(rate, seconds, n -> createRequest(keys.get(n % keys.size())), (index, response, scheduled, done) -> {
      Matcher id = ID.matcher(response.body());
      if (!id.find()) return;
      okAt.put(id.group(1), done);
      inFlightReads.incrementAndGet();
      long t = System.nanoTime();
      HTTP.sendAsync(HttpRequest.newBuilder(URI.create(base + "/api/v1/external/dispatches/" + id.group(1)))
              .timeout(Duration.ofSeconds(30)).header("X-API-Key", keys.get(index % keys.size()))
              .header("Idempotency-Key", UUID.randomUUID().toString()).GET().build(),
          HttpResponse.BodyHandlers.ofString()).whenComplete((r, e) -> {
            read.recordValue(System.nanoTime() - t);
            int status = e == null ? r.statusCode() : -1;
            if (readStatuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet() == 1 && status != 200) {
              readSamples.add(e != null ? e.toString() : status + " " + r.body().substring(0, Math.min(200, r.body().length())));
            }
            inFlightReads.decrementAndGet();
          });
    });
    long until = System.nanoTime() + 35_000_000_000L;
    waitUntil(() -> inFlightReads.get() == 0 || System.nanoTime() >= until, 50);
    pollUntil.set(System.nanoTime() + 30_000_000_000L);
    polling.set(false);
    pollerDone.exceptionally(e -> {
      e.printStackTrace();
      return null;
    }).join();
    poller.shutdownNow();
    q.close();
    c.close();
    md.append(summary("G4 creates, each followed at its 201 by a GET of the delivery", s));
    md.append(String.format("- G4 read right after the 201: answers %s (**%d × 404**); read latency p50 %.1f ms, p99 %.1f ms, "
        + "max %.1f ms (the read waits for the projection: read-your-writes)%n", new TreeMap<>(readStatuses),
        readStatuses.getOrDefault(404, new AtomicInteger()).get(), read.getValueAtPercentile(50) / 1e6,
        read.getValueAtPercentile(99) / 1e6, read.getMaxValue() / 1e6));
    for (String sample : readSamples) md.append("  - e.g. `").append(sample.replace('\n', ' ').replace('`', '\'')).append("`\n");
    double p99 = lag.getValueAtPercentile(99) / 1e6;
    md.append(String.format("- G4 projection lag (the 201 until the row is in query.dispatches, polled every 5 ms): "
        + "p50 %.0f ms, p90 %.0f ms, p99 **%.0f ms**%s, max %.0f ms over %d deliveries; %d never seen%n",
        lag.getValueAtPercentile(50) / 1e6, lag.getValueAtPercentile(90) / 1e6, p99, latRatio(p99),
        lag.getMaxValue() / 1e6, lag.getTotalCount(), okAt.size()));
    timeCharts("g4-readafter-" + rate, "G4 creates at " + rate + "/s with reads", s, null, null);
  }

  /** Returns once {@code done} holds, checking it every {@code everyMillis} on a scheduler. */
  static void waitUntil(java.util.function.BooleanSupplier done, long everyMillis) {
    ScheduledExecutorService checker = Executors.newSingleThreadScheduledExecutor();
    CompletableFuture<Void> reached = new CompletableFuture<>();
    checker.scheduleWithFixedDelay(() -> {
      if (done.getAsBoolean()) reached.complete(null);
    }, 0, everyMillis, TimeUnit.MILLISECONDS);
    try {
      reached.join();
    } finally {
      checker.shutdownNow();
    }
  }

  /** Waits out {@code length} on a delayed executor (between sweep steps). */
  static void pause(Duration length) {
    CompletableFuture.runAsync(() -> {}, CompletableFuture.delayedExecutor(length.toMillis(), TimeUnit.MILLISECONDS))
        .join();
  }

  static void drain() throws Exception {
    int endpoints = i("endpoints", 100);
    int per = i("per", 200);
    int delay = i("delay", 0);
    int window = i("window", 30);
    double deadShare = d("dead");
    String deadMode = opt.getOrDefault("deadmode", "hang");
    int dead = (int) Math.round(endpoints * deadShare);
    AtomicIntegerArray healthyPerSecond = new AtomicIntegerArray(3600);
    AtomicInteger healthy = new AtomicInteger();
    AtomicInteger deadHits = new AtomicInteger();
    long t0 = System.nanoTime();
    ScheduledExecutorService answers = Executors.newScheduledThreadPool(2);
    HttpServer server = receiver();
    server.createContext("/ok", exchange -> {
      exchange.getRequestBody().readAllBytes();
      Runnable answer = () -> {
        try {
          exchange.sendResponseHeaders(200, -1);
        } catch (IOException e) {
          return;
        } finally {
          exchange.close();
        }
        healthy.incrementAndGet();
        healthyPerSecond.incrementAndGet((int) Math.min(3599, (System.nanoTime() - t0) / 1_000_000_000L));
      };
      if (delay > 0) answers.schedule(answer, delay, TimeUnit.MILLISECONDS); else answer.run();
    });
    List<HttpExchange> hung = java.util.Collections.synchronizedList(new ArrayList<>());
    server.createContext("/hang", exchange -> { // never answers: the dispatcher's timeout ends it
      exchange.getRequestBody().readAllBytes();
      deadHits.incrementAndGet();
      hung.add(exchange);
    });
    server.start();
    int port = server.getAddress().getPort();
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    List<Merchant> merchants = new ArrayList<>();
    for (int e = 0; e < endpoints; e++) {
      Merchant m = merchant("drain-" + e, 1);
      boolean isDead = e < dead;
      String url = !isDead ? "http://127.0.0.1:" + port + "/ok/" + e
          : deadMode.equals("refuse") ? "http://127.0.0.1:" + closedPort + "/dead/" + e
          : "http://127.0.0.1:" + port + "/hang/" + e;
      call("PUT", "/api/v1/admin/merchants/" + m.id() + "/webhook", Map.of("X-Admin-Token", admin), "{\"url\":\"" + url + "\"}");
      merchants.add(m);
    }
    AtomicLong maxRss = new AtomicLong();
    AtomicLong maxHeap = new AtomicLong();
    AtomicLong maxPending = new AtomicLong();
    List<double[]> memory = java.util.Collections.synchronizedList(new ArrayList<>());
    ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
    sampler.scheduleAtFixedRate(() -> {
      long rss = rssMb();
      long heap = heapMb();
      maxRss.accumulateAndGet(rss, Math::max);
      maxHeap.accumulateAndGet(heap, Math::max);
      try {
        String stats = call("GET", "/api/v1/admin/webhooks/stats", Map.of("X-Admin-Token", admin), null).body();
        Matcher p = Pattern.compile("\"pending\"\\s*:\\s*(\\d+)").matcher(stats);
        if (p.find()) maxPending.accumulateAndGet(Long.parseLong(p.group(1)), Math::max);
      } catch (Exception ignored) {
        // a lost sample
      }
      memory.add(new double[] {(System.nanoTime() - t0) / 1e9, rss, heap});
    }, 0, 1, TimeUnit.SECONDS);
    // the backlog: each merchant bulk-creates `per` deliveries, four merchants at a time
    StringBuilder body = new StringBuilder("{\"orders\":[");
    for (int n = 0; n < per; n++) body.append(n == 0 ? "" : ",").append(ORDER);
    String orders = body.append("]}").toString();
    long createStart = System.nanoTime();
    try (var creators = Executors.newFixedThreadPool(4)) {
      for (Merchant m : merchants) {
        creators.submit(() -> call("POST", "/api/v1/external/dispatches/bulk",
            Map.of("X-API-Key", m.keys().get(0), "Idempotency-Key", UUID.randomUUID().toString()), orders));
      }
    }
    long created = System.nanoTime();
    int atCreated = healthy.get();
    long healthyTotal = (long) (endpoints - dead) * per;
    long windowEnd = created + window * 1_000_000_000L;
    waitUntil(() -> System.nanoTime() >= windowEnd || healthy.get() >= healthyTotal, 100);
    long measuredEnd = System.nanoTime();
    int atEnd = healthy.get();
    sampler.shutdownNow();
    answers.shutdownNow();
    server.stop(0);
    double createSeconds = (created - createStart) / 1e9;
    double windowSeconds = (measuredEnd - created) / 1e9;
    double rate = (atEnd - atCreated) / windowSeconds;
    double overall = atEnd / ((measuredEnd - createStart) / 1e9);
    String label = String.format("%d endpoints answering %s, %d dead (%s)", endpoints,
        delay == 0 ? "at once" : "after " + delay + " ms", dead, deadMode);
    md.append(String.format("- G6 drain, %s: backlog %d × %d = %d notifications created in %.1f s (%.0f/s; %d delivered "
        + "meanwhile)%n", label, endpoints, per, (long) endpoints * per, createSeconds, endpoints * per / createSeconds,
        atCreated));
    md.append(String.format("  - after creation, %.1f s: **%.0f notifications/s** to the healthy endpoints (%.1f/s each) = %s; "
        + "%d of %d healthy delivered; %.0f/s over the whole run%n", windowSeconds, rate, rate / (endpoints - dead),
        ratios(rate), atEnd, healthyTotal, overall));
    md.append(String.format("  - dead endpoints were tried %d times; peak pending notifications %d; service RSS max %d MB, "
        + "heap used max %d MB (sampled every second)%n", deadHits.get(), maxPending.get(), maxRss.get(), maxHeap.get()));
    md.append(String.format("DRAIN_RATE=%.1f%n", rate));
    String name = "g6-drain-" + (delay == 0 ? "now" : delay + "ms") + (dead > 0 ? "-dead" + dead + deadMode : "");
    int n = (int) Math.min(3599, (measuredEnd - t0) / 1_000_000_000L + 1);
    double[] x = new double[n];
    double[] y = new double[n];
    for (int k = 0; k < n; k++) {
      x[k] = k;
      y[k] = healthyPerSecond.get(k);
    }
    double createdAt = (created - t0) / 1e9;
    svg(out() + "-" + name + "-rate.svg", "G6 drain, " + label + ": notifications/s (backlog created by " +
        String.format("%.0f s", createdAt) + ")", "seconds", "per second", false, List.of(new Series("healthy deliveries/s", x, y)));
    double[][] mem = memory.toArray(double[][]::new);
    svg(out() + "-" + name + "-memory.svg", "G6 drain, " + label + ": service memory", "seconds", "MB", false, List.of(
        new Series("RSS", java.util.Arrays.stream(mem).mapToDouble(r -> r[0]).toArray(),
            java.util.Arrays.stream(mem).mapToDouble(r -> r[1]).toArray()),
        new Series("heap used", java.util.Arrays.stream(mem).mapToDouble(r -> r[0]).toArray(),
            java.util.Arrays.stream(mem).mapToDouble(r -> r[2]).toArray())));
    md.append(String.format("%n![drain rate](%s) ![drain memory](%s)%n%n", fileName(out() + "-" + name + "-rate.svg"),
        fileName(out() + "-" + name + "-memory.svg")));
  }

  /**
   * Issue 19: an endpoint comes back. Each of `endpoints` merchants' endpoints answers 410 to its
   * first notification (which disables it), then a backlog of `per` deliveries each is created
   * and kept; the receivers turn healthy, the merchants enable their endpoints, and the clock
   * runs until every kept notification arrived.
   */
  static void recovery() throws Exception {
    int endpoints = i("endpoints", 10);
    int per = i("per", 1000);
    int delay = i("delay", 0);
    java.util.concurrent.atomic.AtomicBoolean healthy = new java.util.concurrent.atomic.AtomicBoolean(false);
    AtomicInteger delivered = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    ConcurrentHashMap<String, Boolean> seen = new ConcurrentHashMap<>();
    AtomicIntegerArray perSecond = new AtomicIntegerArray(3600);
    long[] back = new long[1];
    ScheduledExecutorService answers = Executors.newScheduledThreadPool(2);
    HttpServer server = receiver();
    server.createContext("/hooks", exchange -> {
      exchange.getRequestBody().readAllBytes();
      String event = exchange.getRequestHeaders().getFirst("X-Dispatch-Event");
      String id = exchange.getRequestHeaders().getFirst("X-Dispatch-Event-Id");
      Runnable answer = () -> {
        try {
          exchange.sendResponseHeaders(healthy.get() ? 200 : 410, -1);
        } catch (IOException e) {
          return;
        } finally {
          exchange.close();
        }
        if (!healthy.get()) {
          refused.incrementAndGet();
        } else if (!"webhook.test".equals(event) && seen.putIfAbsent(id, true) == null) {
          delivered.incrementAndGet();
          perSecond.incrementAndGet((int) Math.min(3599, (System.nanoTime() - back[0]) / 1_000_000_000L));
        }
      };
      if (delay > 0) answers.schedule(answer, delay, TimeUnit.MILLISECONDS); else answer.run();
    });
    server.start();
    int port = server.getAddress().getPort();
    List<Merchant> merchants = new ArrayList<>();
    for (int e = 0; e < endpoints; e++) {
      Merchant m = merchant("recovery-" + e, 1);
      call("PUT", "/api/v1/admin/merchants/" + m.id() + "/webhook", Map.of("X-Admin-Token", admin),
          "{\"url\":\"http://127.0.0.1:" + port + "/hooks/" + e + "\"}");
      merchants.add(m);
      // the first notification meets a 410: the endpoint is disabled
      call("POST", "/api/v1/external/dispatches", Map.of("X-API-Key", m.keys().get(0), "Idempotency-Key",
          UUID.randomUUID().toString()), ORDER);
    }
    for (Merchant m : merchants) {
      waitUntil(() -> endpointField(m, "status").equals("DISABLED"), 200);
    }
    StringBuilder body = new StringBuilder("{\"orders\":[");
    int bulk = Math.min(per, 500);
    for (int n = 0; n < bulk; n++) body.append(n == 0 ? "" : ",").append(ORDER);
    String orders = body.append("]}").toString();
    long createStart = System.nanoTime();
    try (var creators = Executors.newFixedThreadPool(4)) {
      for (Merchant m : merchants) {
        for (int made = 0; made < per; made += bulk) {
          creators.submit(() -> call("POST", "/api/v1/external/dispatches/bulk",
              Map.of("X-API-Key", m.keys().get(0), "Idempotency-Key", UUID.randomUUID().toString()), orders));
        }
      }
    }
    double createSeconds = (System.nanoTime() - createStart) / 1e9;
    long kept = (long) endpoints * (((per + bulk - 1) / bulk) * bulk + 1);
    waitUntil(() -> merchants.stream().mapToLong(m -> Long.parseLong(endpointField(m, "pending"))).sum() >= kept,
        500);
    healthy.set(true);
    back[0] = System.nanoTime();
    for (Merchant m : merchants) {
      call("POST", "/api/v1/external/webhooks/enable", Map.of("X-API-Key", m.keys().get(0)), null);
    }
    long enabled = System.nanoTime();
    waitUntil(() -> delivered.get() >= kept, 100);
    long done = System.nanoTime();
    answers.shutdownNow();
    server.stop(0);
    double seconds = (done - back[0]) / 1e9;
    double rate = kept / seconds;
    String label = String.format("%d endpoints answering %s", endpoints, delay == 0 ? "at once" : "after " + delay + " ms");
    md.append(String.format("- Recovery, %s: %d notifications kept while disabled (created in %.1f s; %d refused "
        + "with 410 before)%n", label, kept, createSeconds, refused.get()));
    md.append(String.format("  - from enabling (%d calls, %.2f s) to the last kept notification received: **%.1f s**, "
        + "%.0f notifications/s = %s%n", endpoints, (enabled - back[0]) / 1e9, seconds, rate, ratios(rate)));
    int n = (int) Math.min(3599, (done - back[0]) / 1_000_000_000L + 1);
    double[] x = new double[n];
    double[] y = new double[n];
    for (int k = 0; k < n; k++) {
      x[k] = k;
      y[k] = perSecond.get(k);
    }
    String name = "recovery-" + endpoints + "x" + per + (delay == 0 ? "" : "-" + delay + "ms");
    svg(out() + "-" + name + ".svg", "Recovery, " + label + ": kept notifications received per second after enabling",
        "seconds", "per second", false, List.of(new Series("received/s", x, y)));
    md.append(String.format("%n![recovery](%s)%n%n", fileName(out() + "-" + name + ".svg")));
  }

  /**
   * Issue 33: the dispatch engine's decision latency. nairobi-cbd is made RANKED; riders= riders go on shift in it
   * and report their position every report= s (staggered); creates arrive at rate= for seconds= with pickups spread
   * over the zone; an operator fails each delivery hold= s after its 201 (that ends any open offer and frees the
   * rider: the bench's riders do not ride). Figures: the engine's own timers (a record's arrival at the engine to
   * the decision out of its core, and to the decision stored by the aggregate; Micrometer's percentiles over the
   * last two minutes, read at the end) and, from the read model over JDBC, creation to the offer in the log for
   * the deliveries offered at once (their first decision an offer).
   */
  static void dispatch() throws Exception {
    int riders = i("riders", 200);
    int report = i("report", 5);
    int rate = i("rate", 100);
    int seconds = i("seconds", 60);
    long holdMillis = Math.round(1000 * Double.parseDouble(opt.getOrDefault("hold", "1.5")));
    Map<String, String> operator = Map.of("X-Admin-Token", admin);
    call("PUT", "/api/v1/admin/dispatch/policies/nairobi-cbd", operator, "{\"mode\":\"RANKED\",\"offerTimeout\":\"PT30S\"}");
    java.util.Random random = new java.util.Random(33);
    List<String> tokens = new ArrayList<>();
    List<double[]> places = new ArrayList<>();
    for (int r = 0; r < riders; r++) {
      String created = call("POST", "/api/v1/admin/riders", operator,
          "{\"name\":\"Bench rider " + r + "\",\"phone\":\"+254 711 000 000\"}").body();
      String token = field(created, "token");
      tokens.add(token);
      places.add(inCbd(random));
      call("POST", "/api/v1/rider/shift", Map.of("X-Rider-Token", token), "{\"status\":\"ON\"}");
    }
    ScheduledExecutorService reporters = Executors.newScheduledThreadPool(4);
    for (int r = 0; r < riders; r++) {
      String token = tokens.get(r);
      double[] at = places.get(r);
      reporters.scheduleAtFixedRate(() -> {
        try {
          call("POST", "/api/v1/rider/location", Map.of("X-Rider-Token", token),
              "{\"lat\":" + (at[0] + (random.nextDouble() - 0.5) * 1e-4) + ",\"lng\":" + at[1] + "}");
        } catch (Exception e) {
          // a missed report only makes the rider's position older
        }
      }, (long) r * report * 1000 / riders, report * 1000L, TimeUnit.MILLISECONDS);
    }
    waitUntil(() -> eligibleRiders(operator) >= riders, 500);
    List<String> keys = merchant("dispatch-bench", 20).keys();
    ScheduledExecutorService failer = Executors.newScheduledThreadPool(4);
    AtomicInteger failed = new AtomicInteger();
    Step s = openLoop(rate, seconds, n -> {
      double[] pickup = inCbd(random);
      String order = ORDER.replace("\"lat\":-1.2841,\"lng\":36.8219", "\"lat\":" + pickup[0] + ",\"lng\":" + pickup[1]);
      return HttpRequest.newBuilder(URI.create(base + "/api/v1/external/dispatches")).timeout(Duration.ofSeconds(30))
          .header("Content-Type", "application/json").header("X-API-Key", keys.get(n % keys.size()))
          .header("Idempotency-Key", UUID.randomUUID().toString())
          .POST(HttpRequest.BodyPublishers.ofString(order)).build();
    }, (index, response, scheduled, done) -> {
      Matcher id = ID.matcher(response.body());
      if (id.find()) {
        String dispatchId = id.group(1);
        failer.schedule(() -> {
          try {
            if (call("POST", "/api/v1/admin/dispatches/" + dispatchId + "/fail", operator,
                "{\"reasonCode\":\"RIDER_UNAVAILABLE\",\"detail\":\"bench\"}").statusCode() == 200) {
              failed.incrementAndGet();
            }
          } catch (Exception e) {
            // counted by its absence
          }
        }, holdMillis, TimeUnit.MILLISECONDS);
      }
    });
    pause(Duration.ofSeconds(5));
    reporters.shutdownNow();
    failer.shutdown();
    failer.awaitTermination(30, TimeUnit.SECONDS);
    md.append(summary("Issue 33 creates in a RANKED zone (" + riders + " riders on shift, a position every " + report
        + " s; each delivery failed by an operator " + holdMillis + " ms after its 201)", s));
    String metrics = call("GET", "/actuator/prometheus", operator, null).body();
    md.append(String.format("- engine, a record's arrival to the decision out of its core (offers; histogram bucket bounds): p50 %s ms, p90 %s ms,"
        + " **p99 %s ms**%n", quantile(metrics, "dispatch_engine_decide_latency_seconds", "0.5"),
        quantile(metrics, "dispatch_engine_decide_latency_seconds", "0.9"),
        quantile(metrics, "dispatch_engine_decide_latency_seconds", "0.99")));
    md.append(String.format("- engine, a record's arrival to the offer stored by the aggregate (HTTP to command-service"
        + " and the append included): p50 %s ms, p90 %s ms, **p99 %s ms**%n",
        quantile(metrics, "dispatch_engine_decision_latency_seconds", "0.5"),
        quantile(metrics, "dispatch_engine_decision_latency_seconds", "0.9"),
        quantile(metrics, "dispatch_engine_decision_latency_seconds", "0.99")));
    Matcher decisions = Pattern.compile("dispatch_engine_decisions_total\\{[^}]*outcome=\"([a-z]+)\"[^}]*type=\"([a-z_]+)\"[^}]*} ([0-9.E]+)")
        .matcher(metrics);
    StringBuilder counts = new StringBuilder();
    while (decisions.find()) {
      counts.append(decisions.group(2)).append(' ').append(decisions.group(1)).append(' ')
          .append((long) Double.parseDouble(decisions.group(3))).append("; ");
    }
    Matcher records = Pattern.compile("^dispatch_engine_records_total\\{[^}]*} ([0-9.E+]+)", Pattern.MULTILINE)
        .matcher(metrics);
    md.append("- engine decisions by type and outcome: " + counts + "records the engine applied: "
        + (records.find() ? (long) Double.parseDouble(records.group(1)) : "?") + "; operator fails answered 200: "
        + failed.get() + "\n");
    if (opt.containsKey("jdbc")) {
      try (java.sql.Connection db = java.sql.DriverManager.getConnection(opt.get("jdbc"), "postgres", "postgres");
          java.sql.ResultSet rows = db.createStatement().executeQuery("""
              select count(*), percentile_cont(array[0.5, 0.9, 0.99]) within group (order by
                     extract(epoch from (d.occurred_at - g.created_at)) * 1000)
                from query.dispatch_decisions d join query.dispatching g using (dispatch_id)
               where d.sequence = 1 and d.type = 'OFFERED'""")) {
        rows.next();
        Double[] p = (Double[]) rows.getArray(2).getArray();
        md.append(String.format("- creation to the offer in the log (event times; %d deliveries offered at once): p50 %.1f"
            + " ms, p90 %.1f ms, p99 %.1f ms%n", rows.getLong(1), p[0], p[1], p[2]));
      }
    }
  }

  /** A point in nairobi-cbd's polygon (its inner box). */
  static double[] inCbd(java.util.Random random) {
    return new double[] {-1.2900 + random.nextDouble() * 0.0120, 36.8160 + random.nextDouble() * 0.0120};
  }

  static int eligibleRiders(Map<String, String> operator) {
    try {
      String body = call("GET", "/api/v1/admin/dispatch/engine", operator, null).body();
      Matcher eligible = Pattern.compile("\"eligible\"\\s*:\\s*true").matcher(body);
      int n = 0;
      while (eligible.find()) n++;
      return n;
    } catch (Exception e) {
      return 0;
    }
  }

  /**
   * A percentile of a Prometheus histogram (seconds) in milliseconds, from its cumulative buckets: the upper bound
   * of the first bucket holding the quantile, as histogram_quantile does without interpolating; "?" when absent.
   */
  static String quantile(String metrics, String name, String q) {
    Matcher m = Pattern.compile("^" + name + "_bucket\\{[^}]*le=\"([^\"]+)\"[^}]*} ([0-9.E+-]+)", Pattern.MULTILINE)
        .matcher(metrics);
    List<double[]> buckets = new ArrayList<>();
    while (m.find()) {
      double le = m.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(m.group(1));
      buckets.add(new double[] {le, Double.parseDouble(m.group(2))});
    }
    if (buckets.isEmpty()) return "?";
    buckets.sort(java.util.Comparator.comparingDouble(b -> b[0]));
    double total = buckets.get(buckets.size() - 1)[1];
    for (double[] bucket : buckets) {
      if (bucket[1] >= Double.parseDouble(q) * total) {
        return Double.isInfinite(bucket[0]) ? "> max" : String.format("%.1f", 1000 * bucket[0]);
      }
    }
    return "?";
  }


  /** A field of the merchant's GET /api/v1/external/webhooks. */
  static String endpointField(Merchant m, String name) {
    try {
      String json = call("GET", "/api/v1/external/webhooks", Map.of("X-API-Key", m.keys().get(0)), null).body();
      Matcher matcher = Pattern.compile("\"" + name + "\"\\s*:\\s*\"?([^\",}]+)").matcher(json);
      return matcher.find() ? matcher.group(1) : "";
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  // ---------------------------------------------------------------- HTTP helpers

  static HttpResponse<String> call(String method, String path, Map<String, String> headers, String body) throws Exception {
    return BenchHttp.call(base, method, path, headers, body, Duration.ofSeconds(120));
  }

  static String field(String json, String name) {
    return BenchHttp.field(json, name);
  }

  // ---------------------------------------------------------------- SVG charts

  record Series(String name, double[] x, double[] y) {}

  static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#7f7f7f", "#9467bd"};

  static void svg(String file, String title, String xLabel, String yLabel, boolean logY, List<Series> series)
      throws IOException {
    int w = 720, h = 400, left = 70, right = 160, top = 40, bottom = 50;
    double xMin = Double.MAX_VALUE, xMax = -Double.MAX_VALUE, yMin = Double.MAX_VALUE, yMax = -Double.MAX_VALUE;
    for (Series s : series) {
      for (int k = 0; k < s.x().length; k++) {
        double y = s.y()[k];
        if (Double.isNaN(y) || (logY && y <= 0)) continue;
        xMin = Math.min(xMin, s.x()[k]);
        xMax = Math.max(xMax, s.x()[k]);
        yMin = Math.min(yMin, y);
        yMax = Math.max(yMax, y);
      }
    }
    if (xMin > xMax) { xMin = 0; xMax = 1; yMin = 0; yMax = 1; }
    if (xMax == xMin) xMax = xMin + 1;
    if (logY) {
      yMin = Math.pow(10, Math.floor(Math.log10(Math.max(yMin, 0.01))));
      yMax = Math.pow(10, Math.ceil(Math.log10(Math.max(yMax, yMin * 10))));
    } else {
      yMin = 0;
      yMax = niceCeil(Math.max(yMax, 1) * 1.05);
    }
    final double x0 = xMin, x1 = xMax, y0 = yMin, y1 = yMax;
    java.util.function.DoubleUnaryOperator px = v -> left + (v - x0) / (x1 - x0) * (w - left - right);
    java.util.function.DoubleUnaryOperator py = v -> logY
        ? top + (1 - (Math.log10(v) - Math.log10(y0)) / (Math.log10(y1) - Math.log10(y0))) * (h - top - bottom)
        : top + (1 - (v - y0) / (y1 - y0)) * (h - top - bottom);
    StringBuilder b = new StringBuilder();
    b.append(String.format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
        + "font-size=\"11\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", w, h));
    b.append(String.format("<text x=\"%d\" y=\"20\" font-size=\"13\" font-weight=\"bold\">%s</text>%n", left, esc(title)));
    List<Double> yTicks = new ArrayList<>();
    if (logY) {
      for (double v = y0; v <= y1 * 1.001; v *= 10) yTicks.add(v);
    } else {
      for (int k = 0; k <= 5; k++) yTicks.add(y0 + (y1 - y0) * k / 5);
    }
    for (double v : yTicks) {
      double y = py.applyAsDouble(v);
      b.append(String.format("<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
          + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", left, w - right, y, y, left - 5, y + 4, num(v)));
    }
    double xStep = niceCeil((x1 - x0) / 6);
    for (double v = Math.ceil(x0 / xStep) * xStep; v <= x1 + 1e-9; v += xStep) {
      double x = px.applyAsDouble(v);
      b.append(String.format("<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
          + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x, x, top, h - bottom, x, h - bottom + 15, num(v)));
    }
    b.append(String.format("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>%n", left, top,
        w - left - right, h - top - bottom));
    b.append(String.format("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", left + (w - left - right) / 2,
        h - 12, esc(xLabel)));
    b.append(String.format("<text transform=\"translate(16,%d) rotate(-90)\" text-anchor=\"middle\">%s</text>%n",
        top + (h - top - bottom) / 2, esc(yLabel)));
    for (int si = 0; si < series.size(); si++) {
      Series s = series.get(si);
      String color = COLORS[si % COLORS.length];
      StringBuilder points = new StringBuilder();
      for (int k = 0; k < s.x().length; k++) {
        double y = s.y()[k];
        if (Double.isNaN(y) || (logY && y <= 0)) continue;
        points.append(String.format("%.1f,%.1f ", px.applyAsDouble(s.x()[k]), py.applyAsDouble(y)));
      }
      b.append(String.format("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" points=\"%s\"/>%n", color, points));
      if (s.x().length <= 30) {
        for (String p : points.toString().trim().split(" ")) {
          if (p.isEmpty()) continue;
          String[] xy = p.split(",");
          b.append(String.format("<circle cx=\"%s\" cy=\"%s\" r=\"3\" fill=\"%s\"/>", xy[0], xy[1], color));
        }
        b.append('\n');
      }
      int ly = top + 10 + si * 18;
      b.append(String.format("<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
          + "<text x=\"%d\" y=\"%d\">%s</text>%n", w - right + 10, w - right + 30, ly, ly, color, w - right + 35, ly + 4,
          esc(s.name())));
    }
    b.append("</svg>\n");
    Files.createDirectories(Path.of(file).toAbsolutePath().getParent());
    Files.writeString(Path.of(file), b.toString());
  }

  static double niceCeil(double v) {
    double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) if (m * magnitude >= v) return m * magnitude;
    return 10 * magnitude;
  }

  static String num(double v) {
    if (v >= 1000 && v == Math.rint(v)) return String.format("%,.0f", v);
    if (v == Math.rint(v)) return String.format("%.0f", v);
    return String.format(v < 1 ? "%.2f" : "%.1f", v);
  }

  static String esc(String s) { return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"); }
}
