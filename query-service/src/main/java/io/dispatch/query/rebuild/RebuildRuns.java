package io.dispatch.query.rebuild;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code query.rebuilds} table: one row per run. A unique index admits one RUNNING row, so
 * two instances asked at once cannot both start; a RUNNING row whose heartbeat is older than
 * {@code stale} belongs to an instance that stopped, and is closed as FAILED when seen.
 */
final class RebuildRuns {

    private final JdbcClient db;
    private final Duration stale;

    RebuildRuns(DataSource dataSource, Duration stale) {
        this.db = JdbcClient.create(dataSource);
        this.stale = stale;
    }

    /** Inserts a RUNNING row; empty when another run holds the RUNNING slot. */
    Optional<RebuildStatus> start(UUID id, String instance, Instant now) {
        closeAbandoned(now);
        try {
            db.sql("""
              insert into query.rebuilds (id, status, instance, started_at, heartbeat_at)
              values (?, 'RUNNING', ?, ?, ?)""")
                    .params(id, instance, Timestamp.from(now), Timestamp.from(now))
                    .update();
        } catch (DuplicateKeyException runningAlready) {
            return Optional.empty();
        }
        return latest(now);
    }

    void progress(UUID id, long done, long total, long skipped, double rate, Instant now) {
        db.sql("""
            update query.rebuilds set events_done = ?, events_total = ?, events_skipped = ?,
                   events_per_second = ?, heartbeat_at = ?
             where id = ? and status = 'RUNNING'""").params(done, total, skipped, rate, Timestamp.from(now), id).update();
    }

    void succeeded(UUID id, String checksum, String previousChecksum, Instant now) {
        db.sql("""
            update query.rebuilds set status = 'SUCCEEDED', finished_at = ?, heartbeat_at = ?, checksum = ?,
                   previous_checksum = ?
             where id = ?""")
                .params(Timestamp.from(now), Timestamp.from(now), checksum, previousChecksum, id)
                .update();
    }

    void failed(UUID id, String error, Instant now) {
        db.sql("update query.rebuilds set status = 'FAILED', finished_at = ?, heartbeat_at = ?, error = ? where id = ?")
                .params(Timestamp.from(now), Timestamp.from(now), error, id)
                .update();
    }

    /** The newest run, with an abandoned one closed first. */
    Optional<RebuildStatus> latest(Instant now) {
        closeAbandoned(now);
        return db.sql("select * from query.rebuilds order by started_at desc limit 1")
                .query(RebuildRuns::status)
                .optional();
    }

    private void closeAbandoned(Instant now) {
        db.sql("""
            update query.rebuilds
               set status = 'FAILED', finished_at = ?,
                   error = 'the instance running it (' || instance || ') stopped: no progress since ' || heartbeat_at
             where status = 'RUNNING' and heartbeat_at < ?""")
                .params(Timestamp.from(now), Timestamp.from(now.minus(stale)))
                .update();
    }

    private static RebuildStatus status(ResultSet row, int number) throws SQLException {
        return new RebuildStatus(
                row.getObject("id", UUID.class),
                row.getString("status"),
                row.getLong("events_done"),
                row.getLong("events_total"),
                (Double) row.getObject("events_per_second"),
                instant(row, "started_at"),
                instant(row, "finished_at"),
                row.getString("error"),
                row.getLong("events_skipped"),
                row.getString("checksum"),
                row.getString("previous_checksum"));
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        Timestamp value = row.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }
}
