package io.dispatch.infrastructure;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a previous start left in a persistent PostgreSQL data directory. The server is an OS
 * process of its own (started through {@code pg_ctl}, so its parent is init, not our JVM): when
 * the JVM is killed (kill -9) it keeps running and holds {@code postmaster.pid}, and the next
 * start fails with "lock file postmaster.pid already exists". Before a start this finds such a
 * server and stops it (fast shutdown: open transactions roll back, committed ones are kept),
 * and clears a lock file whose process is gone or is no longer a PostgreSQL of this directory.
 * It never signals a process that is not the postmaster of this very directory, nor one whose
 * owner still runs: zonky holds a file lock on {@code epg-lock} in the directory for as long as
 * the JVM that started the server lives.
 */
final class LeftoverPostmaster {

    private static final Logger log = LoggerFactory.getLogger(LeftoverPostmaster.class);
    static final String PID_FILE = "postmaster.pid";
    /** zonky's lock file, held by the JVM that owns the server. */
    static final String OWNER_LOCK_FILE = "epg-lock";

    private static final Duration STOP_WAIT = Duration.ofSeconds(60);

    private LeftoverPostmaster() {}

    /** Makes {@code dataDir} startable: stops a leftover server of it, clears a stale lock file. */
    static void clear(Path dataDir) {
        Path pidFile = dataDir.resolve(PID_FILE);
        Optional<Long> pid = readPid(pidFile);
        if (pid.isEmpty()) {
            return;
        }
        requireNoLiveOwner(dataDir);
        Optional<ProcessHandle> process = ProcessHandle.of(pid.get()).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            // PostgreSQL removes a lock file whose process is gone by itself; we only say what we saw
            log.info(
                    "PostgreSQL of {} was not stopped last time (its process {} is gone); it starts over the stale "
                            + "{} and recovers from its write-ahead log",
                    dataDir,
                    pid.get(),
                    PID_FILE);
            return;
        }
        if (isPostmasterOf(process.get(), dataDir)) {
            stop(process.get(), dataDir, "left by a run that ended without stopping it: kill -9?");
        } else if (process.get().info().command().isPresent()) {
            // the number was reused by another process; PostgreSQL would refuse to start while it lives
            deleteStale(pidFile);
            log.warn(
                    "PostgreSQL of {} was not stopped last time and its process number {} now belongs to {}; "
                            + "removed the stale {}",
                    dataDir,
                    pid.get(),
                    process.get().info().command().get(),
                    PID_FILE);
        } else {
            throw new IllegalStateException("PostgreSQL's " + pidFile + " names process " + pid.get()
                    + ", which runs but cannot be inspected by this user. If it is a PostgreSQL of " + dataDir
                    + ", stop it (kill -INT " + pid.get() + "); otherwise delete " + pidFile);
        }
    }

    /**
     * After a start that failed half-way (pg_ctl started a server, zonky gave up waiting for it):
     * stops that server, so the failure leaves no process behind. Never throws; the start's own
     * failure is what the caller reports.
     */
    static void stopAfterFailedStart(Path dataDir) {
        try {
            Optional<ProcessHandle> process = readPid(dataDir.resolve(PID_FILE))
                    .flatMap(ProcessHandle::of)
                    .filter(handle -> handle.isAlive() && isPostmasterOf(handle, dataDir));
            if (process.isPresent()) {
                stop(process.get(), dataDir, "its start failed");
            }
        } catch (RuntimeException e) {
            log.warn("Could not stop PostgreSQL of {} after its start failed: {}", dataDir, e.toString());
        }
    }

    /** The pid on the first line of PostgreSQL's lock file, if there is one. */
    static Optional<Long> readPid(Path pidFile) {
        try {
            List<String> lines = Files.exists(pidFile) ? Files.readAllLines(pidFile) : List.of();
            return lines.isEmpty() || !lines.getFirst().strip().matches("\\d+")
                    ? Optional.empty()
                    : Optional.of(Long.parseLong(lines.getFirst().strip()));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + pidFile, e);
        }
    }

    /** The postmaster of this directory: the {@code postgres} executable started with {@code -D <dataDir>}. */
    static boolean isPostmasterOf(ProcessHandle process, Path dataDir) {
        ProcessHandle.Info info = process.info();
        boolean postgres = info.command()
                .map(command -> Path.of(command).getFileName().toString().equals("postgres"))
                .orElse(false);
        String[] arguments = info.arguments().orElse(new String[0]);
        for (int i = 0; postgres && i + 1 < arguments.length; i++) {
            if (arguments[i].equals("-D") && sameFile(Path.of(arguments[i + 1]), dataDir)) {
                return true;
            }
        }
        return false;
    }

    private static void stop(ProcessHandle postmaster, Path dataDir, String why) {
        long started = System.nanoTime();
        signal(postmaster.pid(), "INT"); // PostgreSQL's fast shutdown; SIGTERM would wait for every session to end
        try {
            postmaster.onExit().get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "PostgreSQL of " + dataDir + " (process " + postmaster.pid() + ", " + why
                            + ") did not stop within " + STOP_WAIT.toSeconds()
                            + " s of a fast shutdown request; stop it "
                            + "(kill -INT " + postmaster.pid() + ") and start again",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping PostgreSQL process " + postmaster.pid(), e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not wait for PostgreSQL process " + postmaster.pid(), e);
        }
        log.warn(
                "PostgreSQL of {} was running without an owner (process {}, {}); stopped it with a fast shutdown "
                        + "in {} ms",
                dataDir,
                postmaster.pid(),
                why,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** Fails when another live process owns the directory (zonky's lock is held: a second local run?). */
    private static void requireNoLiveOwner(Path dataDir) {
        Path lockFile = dataDir.resolve(OWNER_LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return;
        }
        try (RandomAccessFile file = new RandomAccessFile(lockFile.toFile(), "rw");
                FileChannel channel = file.getChannel()) {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                lock.release();
                return;
            }
        } catch (OverlappingFileLockException e) {
            // held by this very JVM: fall through to the same answer
        } catch (IOException e) {
            throw new UncheckedIOException("could not check " + lockFile, e);
        }
        throw new IllegalStateException("PostgreSQL of " + dataDir + " is in use by another running process (is "
                + "another local run using this data directory?); stop it first or choose another dispatch.data-dir");
    }

    private static void signal(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(kill.getInputStream().readAllBytes()).strip();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not run kill -" + signal + " " + pid, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling process " + pid, e);
        }
    }

    private static void deleteStale(Path pidFile) {
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the stale " + pidFile, e);
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
