package io.dispatch.query.whatif;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The {@code query.whatif_jobs} table: one row per job, written by the instance that runs it and read by any. A
 * QUEUED or RUNNING row whose heartbeat is older than {@code abandonedAfter} belongs to an instance that stopped,
 * and is closed as FAILED when read; the writes of a job's own instance change open rows only, so a closed job stays
 * closed.
 */
final class WhatIfJobs {

    private static final String OPEN = "status in ('QUEUED', 'RUNNING')";
    private static final String FIELDS = """
      id, status, day, period_from, period_to, zone_id, modes, requested_by, created_at, started_at, finished_at,
      progress, error""";

    private final JdbcClient db;
    private final ObjectMapper json;
    private final Duration abandonedAfter;

    WhatIfJobs(DataSource dataSource, ObjectMapper json, Duration abandonedAfter) {
        this.db = JdbcClient.create(dataSource);
        this.json = json;
        this.abandonedAfter = abandonedAfter;
    }

    /** A new QUEUED job of {@code instance}. */
    WhatIfJob queue(UUID id, WhatIfRequest request, String requestedBy, String instance, Instant now) {
        db.sql("""
            insert into query.whatif_jobs (id, day, period_from, period_to, zone_id, modes, status, requested_by,
                                           instance, created_at, heartbeat_at, progress)
            values (?, ?, ?, ?, ?, ?, 'QUEUED', ?, ?, ?, ?, 'waiting for this instance to be free')""")
                .params(
                        id,
                        request.day(),
                        Timestamp.from(request.from()),
                        Timestamp.from(request.to()),
                        request.zoneId(),
                        request.modes().stream().map(Enum::name).toArray(String[]::new),
                        requestedBy,
                        instance,
                        Timestamp.from(now),
                        Timestamp.from(now))
                .update();
        return find(id, now).orElseThrow();
    }

    void started(UUID id, String progress, Instant now) {
        db.sql("update query.whatif_jobs set status = 'RUNNING', started_at = ?, heartbeat_at = ?, progress = ?"
                        + " where id = ? and " + OPEN)
                .params(Timestamp.from(now), Timestamp.from(now), progress, id)
                .update();
    }

    void progress(UUID id, String progress, Instant now) {
        db.sql("update query.whatif_jobs set progress = ?, heartbeat_at = ? where id = ? and " + OPEN)
                .params(progress, Timestamp.from(now), id)
                .update();
    }

    void done(UUID id, String result, String progress, Instant now) {
        db.sql("""
            update query.whatif_jobs set status = 'DONE', result = ?::jsonb, progress = ?, finished_at = ?,
                   heartbeat_at = ?
             where id = ? and status = 'RUNNING'""")
                .params(result, progress, Timestamp.from(now), Timestamp.from(now), id)
                .update();
    }

    void failed(UUID id, String error, Instant now) {
        db.sql("update query.whatif_jobs set status = 'FAILED', error = ?, finished_at = ?, heartbeat_at = ?"
                        + " where id = ? and " + OPEN)
                .params(error, Timestamp.from(now), Timestamp.from(now), id)
                .update();
    }

    /** This instance is alive: its open jobs are not abandoned. */
    void heartbeat(String instance, Instant now) {
        db.sql("update query.whatif_jobs set heartbeat_at = ? where instance = ? and " + OPEN)
                .params(Timestamp.from(now), instance)
                .update();
    }

    /** Every open job of {@code instance} FAILED with {@code error} (the instance is stopping). */
    int failAll(String instance, String error, Instant now) {
        return db.sql("update query.whatif_jobs set status = 'FAILED', error = ?, finished_at = ?, heartbeat_at = ?"
                        + " where instance = ? and " + OPEN)
                .params(error, Timestamp.from(now), Timestamp.from(now), instance)
                .update();
    }

    /** Deletes the jobs that finished (DONE or FAILED) before {@code cutoff}; returns how many. */
    int removeFinishedBefore(Instant cutoff) {
        return db.sql("delete from query.whatif_jobs where status in ('DONE', 'FAILED') and finished_at < ?")
                .param(Timestamp.from(cutoff))
                .update();
    }

    /** The job with its result, an abandoned one closed first. */
    Optional<WhatIfJob> find(UUID id, Instant now) {
        closeAbandoned(now);
        return db.sql("select " + FIELDS + ", result::text as result from query.whatif_jobs where id = ?")
                .param(id)
                .query(this::job)
                .optional();
    }

    /** The newest jobs, without their results. */
    List<WhatIfJob> latest(int limit, Instant now) {
        closeAbandoned(now);
        return db.sql("select " + FIELDS + ", null as result from query.whatif_jobs"
                        + " order by created_at desc, id desc limit ?")
                .param(limit)
                .query(this::job)
                .list();
    }

    private void closeAbandoned(Instant now) {
        db.sql("""
            update query.whatif_jobs
               set status = 'FAILED', finished_at = ?,
                   error = 'the instance that held it (' || instance || ') stopped: no heartbeat since '
                           || to_char(heartbeat_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                           || case status when 'QUEUED' then ', before it ran' else ', while it ran' end
                           || '; ask again'
             where status in ('QUEUED', 'RUNNING') and heartbeat_at < ?""")
                .params(Timestamp.from(now), Timestamp.from(now.minus(abandonedAfter)))
                .update();
    }

    private WhatIfJob job(ResultSet row, int number) throws SQLException {
        String result = row.getString("result");
        JsonNode tree = result == null ? null : json.readTree(result);
        Array modes = row.getArray("modes");
        return new WhatIfJob(
                row.getObject("id", UUID.class),
                row.getString("status"),
                row.getObject("day", LocalDate.class),
                instant(row, "period_from"),
                instant(row, "period_to"),
                row.getString("zone_id"),
                Arrays.asList((String[]) modes.getArray()),
                row.getString("requested_by"),
                instant(row, "created_at"),
                instant(row, "started_at"),
                instant(row, "finished_at"),
                row.getString("progress"),
                row.getString("error"),
                tree);
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        Timestamp value = row.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }
}
