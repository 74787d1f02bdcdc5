package io.dispatch.deploy;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Thread dumps for a test that waited in vain (a request with no answer, a pipeline that does not settle): the whole
 * dump goes to {@code target/thread-dumps/}, and a one-line summary (where the waiting threads of our code wait, most
 * common first) goes into the failure's message, which is all that CI prints.
 */
final class ThreadDumps {

    private static final Path HOME = Path.of("target", "thread-dumps");

    private ThreadDumps() {}

    /** This JVM (the in-JVM local run of {@link DispatchUnderTest}). */
    static String ofThisJvm(String why) {
        ThreadInfo[] threads = ManagementFactory.getThreadMXBean().dumpAllThreads(true, true);
        StringBuilder dump = new StringBuilder();
        Map<String, Integer> waiting = new LinkedHashMap<>();
        for (ThreadInfo thread : threads) {
            dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
            if (thread.getLockName() != null) {
                dump.append(" on ").append(thread.getLockName());
            }
            dump.append('\n');
            String ours = null;
            for (StackTraceElement frame : thread.getStackTrace()) {
                dump.append("\tat ").append(frame).append('\n');
                if (ours == null && frame.getClassName().startsWith("io.dispatch.")) {
                    ours = frame.getClassName().substring(frame.getClassName().lastIndexOf('.') + 1) + "."
                            + frame.getMethodName();
                }
            }
            if (ours != null && thread.getThreadState() != Thread.State.RUNNABLE) {
                waiting.merge(thread.getThreadState() + " in " + ours, 1, Integer::sum);
            }
            dump.append('\n');
        }
        return save(why, dump.toString()) + "; " + summary(waiting);
    }

    /** Another process of ours, by {@code jcmd <pid> Thread.print} of the JDK that runs the tests. */
    static String ofProcess(long pid, String why) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Path out = Files.createTempFile("jcmd-", ".txt");
            Process process = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), "Thread.print")
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            // a process that does not answer the attach must not hold the test (or the build) with it
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                Files.deleteIfExists(out);
                return "no thread dump of " + pid + " (jcmd got no answer in 30 s)";
            }
            String dump = Files.readString(out);
            Files.deleteIfExists(out);
            Map<String, Integer> waiting = new LinkedHashMap<>();
            for (String thread : dump.split("\n\n")) {
                List<String> lines = thread.lines().toList();
                if (lines.size() < 2
                        || !lines.get(1).contains("java.lang.Thread.State:")
                        || lines.get(1).contains("RUNNABLE")) {
                    continue;
                }
                String state = lines.get(1)
                        .substring(lines.get(1).indexOf(':') + 1)
                        .trim()
                        .split(" ")[0];
                lines.stream()
                        .filter(line -> line.trim().startsWith("at io.dispatch."))
                        .findFirst()
                        .ifPresent(line -> waiting.merge(
                                state + " in " + line.trim().substring(3).replaceAll("\\(.*", ""), 1, Integer::sum));
            }
            return save(why + "-" + pid, dump) + "; " + summary(waiting);
        } catch (IOException | InterruptedException e) {
            return "no thread dump of " + pid + " (" + e + ")";
        }
    }

    private static String save(String why, String dump) {
        try {
            Files.createDirectories(HOME);
            Path file = HOME.resolve(
                    why.replaceAll("[^A-Za-z0-9-]+", "-") + "-" + Instant.now().toEpochMilli() + ".txt");
            Files.writeString(file, dump);
            return "threads dumped to " + file;
        } catch (IOException e) {
            return "thread dump not written (" + e + ")";
        }
    }

    private static String summary(Map<String, Integer> waiting) {
        if (waiting.isEmpty()) {
            return "no thread of ours waiting";
        }
        return "threads of ours waiting: "
                + waiting.entrySet().stream()
                        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                        .limit(6)
                        .map(entry -> entry.getValue() + " " + entry.getKey())
                        .collect(Collectors.joining(", "));
    }
}
