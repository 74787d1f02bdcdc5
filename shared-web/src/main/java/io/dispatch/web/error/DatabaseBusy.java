package io.dispatch.web.error;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;

/**
 * A failure that a retry will cure because the database had no connection for the request: the
 * API answers it 503 with Retry-After ({@link ApiErrorHandler}) rather than 500.
 */
final class DatabaseBusy {

    private DatabaseBusy() {}

    /**
     * No connection to the database, for now: none free in time (Hikari's pool), none to be had (JDBC's and
     * R2DBC's connection errors, and Spring's translations of them: "Failed to obtain R2DBC Connection" is a
     * {@link DataAccessResourceFailureException}), or one the server closed or refuses while it shuts down,
     * crashed or starts up (SQLSTATE class 08, and 57P01-57P03).
     */
    static boolean matches(Throwable failure) {
        return failure instanceof java.sql.SQLTransientConnectionException
                || failure instanceof java.sql.SQLNonTransientConnectionException
                || failure instanceof org.springframework.jdbc.CannotGetJdbcConnectionException
                || failure instanceof org.springframework.transaction.CannotCreateTransactionException
                || failure instanceof DataAccessResourceFailureException
                || failure instanceof TransientDataAccessResourceException
                // Hikari's plain SQLException when a request that was waiting for a connection is
                // cancelled (its client went away): no connection in time, as far as the answer goes
                || failure instanceof java.sql.SQLException sql
                        && sql.getMessage() != null
                        && sql.getMessage().contains("Interrupted during connection acquisition")
                // what Hikari throws for a statement on a connection it found broken (the server went away
                // under it): no SQLSTATE, the original error already gone (bucket4j's rollback after a
                // failed rate-limit check, in the fault suite's kill -9 of PostgreSQL)
                || failure instanceof java.sql.SQLException sql && "Connection is closed".equals(sql.getMessage())
                || failure instanceof java.sql.SQLException sql && connectionState(sql.getSQLState())
                // R2DBC is not on every service's class path (command-service uses JDBC): compare by name
                || R2dbcFailures.isA(failure, "io.r2dbc.spi.R2dbcNonTransientResourceException")
                || R2dbcFailures.isA(failure, "io.r2dbc.spi.R2dbcTransientResourceException")
                || R2dbcFailures.isA(failure, "io.r2dbc.spi.R2dbcTimeoutException")
                || R2dbcFailures.isA(failure, "io.r2dbc.spi.R2dbcException")
                        && connectionState(R2dbcFailures.sqlState(failure));
    }

    private static boolean connectionState(String sqlState) {
        return sqlState != null
                && (sqlState.startsWith("08")
                        || sqlState.equals("57P01")
                        || sqlState.equals("57P02")
                        || sqlState.equals("57P03"));
    }
}
