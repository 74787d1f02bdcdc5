package io.dispatch.simulator.leadership;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * Runs the simulator on exactly one instance however many run: the instance
 * holding a PostgreSQL session advisory lock drives the simulated riders and consumes their
 * consumer group; the others try for the lock every {@link #RETRY} and stand by. The lock lives
 * on a connection of its own, so when the leader dies (even by SIGKILL) its session ends, the
 * lock is free, and a stand-by takes over: it renews the riders' tokens and carries on with the
 * deliveries they hold, as after a restart.
 */
public final class SimulatorLeadership {

    private static final Logger log = LoggerFactory.getLogger(SimulatorLeadership.class);
    /** The advisory lock key: "sim" in ASCII, one fixed number for every instance. */
    static final long LOCK_KEY = 0x73696dL;

    static final Duration RETRY = Duration.ofSeconds(5);

    private final DataSource dataSource;
    private final Runnable lead;
    private final Runnable resign;
    private final ScheduledExecutorService contender = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("simulator-leadership").factory());
    private Connection held;
    private volatile boolean leading;

    /** {@code lead} starts the simulator on this instance, {@code resign} stops it. */
    public SimulatorLeadership(DataSource dataSource, Runnable lead, Runnable resign) {
        this.dataSource = dataSource;
        this.lead = lead;
        this.resign = resign;
    }

    /** Once the web server listens (the simulated riders call it). */
    @EventListener(ApplicationReadyEvent.class)
    public void contend() {
        contender.scheduleWithFixedDelay(this::tryToLead, 0, RETRY.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tryToLead() {
        if (leading) {
            if (!stillHeld()) {
                // the database session is gone (a PostgreSQL restart): another instance may lead now
                log.error("Lost the simulator lock's database session; this instance stops driving simulated riders");
                leading = false;
                resign.run();
                release();
            }
            return;
        }
        try {
            if (held == null) {
                held = dataSource.getConnection();
                held.setAutoCommit(true);
            }
            if (tryLock(held)) {
                leading = true;
                lead.run();
                log.info("This instance drives the sandbox rider simulator (PostgreSQL advisory lock {})", LOCK_KEY);
            }
        } catch (SQLException | RuntimeException e) {
            log.warn("Could not contend for the simulator lock: {}", e.toString());
            release();
        }
    }

    private static boolean tryLock(Connection connection) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement("select pg_try_advisory_lock(?)")) {
            lock.setLong(1, LOCK_KEY);
            try (ResultSet result = lock.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        }
    }

    private boolean stillHeld() {
        try {
            return held != null && held.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private void release() {
        if (held != null) {
            try {
                held.close();
            } catch (SQLException ignored) {
                // closing ends the session, and the lock with it
            }
            held = null;
        }
    }

    public void stop() {
        contender.shutdownNow();
        release();
    }
}
