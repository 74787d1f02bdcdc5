package io.dispatch.web.leadership;

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
 * Runs a task on exactly one instance however many run (the sandbox simulator, the dispatch
 * engine's decisions): the instance holding a PostgreSQL session advisory lock leads; the others
 * try for the lock every {@link #RETRY} and stand by. The lock lives on a connection of its own,
 * so when the leader dies (even by SIGKILL) its session ends, the lock is free, and a stand-by
 * takes over.
 */
public final class AdvisoryLockLeadership {

    private static final Logger log = LoggerFactory.getLogger(AdvisoryLockLeadership.class);

    static final Duration RETRY = Duration.ofSeconds(5);

    private final String role;
    private final long lockKey;
    private final Duration retry;
    private final DataSource dataSource;
    private final Runnable lead;
    private final Runnable resign;
    private final ScheduledExecutorService contender;
    private Connection held;
    private volatile boolean leading;

    /**
     * {@code role} names what leads in the logs ("the sandbox rider simulator"), {@code lockKey} is
     * the one advisory lock of that role; {@code lead} starts it on this instance, {@code resign}
     * stops it.
     */
    public AdvisoryLockLeadership(
            String role, long lockKey, Duration retry, DataSource dataSource, Runnable lead, Runnable resign) {
        this.role = role;
        this.lockKey = lockKey;
        this.retry = retry;
        this.dataSource = dataSource;
        this.lead = lead;
        this.resign = resign;
        this.contender = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("leadership-" + lockKey).factory());
    }

    public AdvisoryLockLeadership(String role, long lockKey, DataSource dataSource, Runnable lead, Runnable resign) {
        this(role, lockKey, RETRY, dataSource, lead, resign);
    }

    /** Whether this instance leads now. */
    public boolean leading() {
        return leading;
    }

    /** Once the web server listens (the simulated riders call it). */
    @EventListener(ApplicationReadyEvent.class)
    public void contend() {
        contender.scheduleWithFixedDelay(this::tryToLead, 0, retry.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tryToLead() {
        if (leading) {
            if (!stillHeld()) {
                // the database session is gone (a PostgreSQL restart): another instance may lead now
                log.error("Lost the database session of the lock of {}; this instance stops leading it", role);
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
                log.info("This instance leads {} (PostgreSQL advisory lock {})", role, lockKey);
            }
        } catch (SQLException | RuntimeException e) {
            log.warn("Could not contend for the lock of {}: {}", role, e.toString());
            release();
        }
    }

    private boolean tryLock(Connection connection) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement("select pg_try_advisory_lock(?)")) {
            lock.setLong(1, lockKey);
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
