package io.dispatch.kafka.recovery;

import io.dispatch.web.error.R2dbcFailures;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells a failure that passes (the database or the broker away, a deadlock, a timeout) from one
 * that a retry cannot cure (the record itself: data the storage refuses, a bug on this event).
 * The first is retried for as long as it lasts; the second a few times, then dead-lettered.
 */
public final class Faults {

    /** SQLSTATE classes of a connection, resources, an operator or a serialization conflict. */
    private static final Set<String> PASSING_SQL_STATE_CLASSES = Set.of("08", "53", "57", "58", "40", "55", "HV");

    private Faults() {}

    public static boolean passing(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof TransientDataAccessException
                    || cause instanceof DataAccessResourceFailureException
                    || cause instanceof CannotGetJdbcConnectionException
                    || cause instanceof CannotCreateTransactionException
                    || R2dbcFailures.isA(cause, "io.r2dbc.spi.R2dbcTransientException")
                    || R2dbcFailures.isA(cause, "io.r2dbc.spi.R2dbcNonTransientResourceException")
                    || cause instanceof org.apache.kafka.common.errors.RetriableException
                    || cause instanceof IOException
                    || cause instanceof TimeoutException) {
                return true;
            }
            String state = cause instanceof SQLException sql
                    ? sql.getSQLState()
                    : R2dbcFailures.isA(cause, "io.r2dbc.spi.R2dbcException") ? R2dbcFailures.sqlState(cause) : null;
            if (state != null && state.length() >= 2 && PASSING_SQL_STATE_CLASSES.contains(state.substring(0, 2))) {
                return true;
            }
            if (cause instanceof IllegalStateException
                    && cause.getMessage() != null
                    && cause.getMessage().startsWith("Timeout on blocking read")) {
                return true;
            }
        }
        return false;
    }
}
