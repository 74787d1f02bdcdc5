package io.dispatch.web.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.request.HttpEdgeProperties;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.json.JsonMapper;

/**
 * Overload is not a bug: a write that found no database connection in time answers 503, never 500; nor is a
 * database restarting (issue 32).
 */
class ApiErrorHandlerTest {

    private final ApiErrorHandler handler = new ApiErrorHandler(
            JsonMapper.builder().build(),
            DataSize.ofMegabytes(4),
            new HttpEdgeProperties(Duration.ofSeconds(10), Duration.ofSeconds(60)));

    @Test
    void a_write_that_found_no_database_connection_in_time_answers_503_with_retry_after() {
        MockServerWebExchange exchange =
                MockServerWebExchange.from(MockServerHttpRequest.post("/api/v1/external/dispatches"));
        var failure = new CannotCreateTransactionException(
                "Could not open JDBC Connection for transaction",
                new SQLTransientConnectionException(
                        "HikariPool-1 - Connection is not available, request timed out after 30000ms"));

        handler.handle(exchange, failure).block();

        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(exchange.getResponse().getHeaders().getFirst("Retry-After")).isEqualTo("1");
        assertThat(exchange.getResponse().getBodyAsString().block()).contains("\"code\":\"INTERNAL_ERROR\"");
    }

    @Test
    void a_rate_limit_check_cancelled_while_it_waited_for_a_connection_answers_503_not_500() {
        MockServerWebExchange exchange =
                MockServerWebExchange.from(MockServerHttpRequest.post("/api/v1/external/dispatches"));
        // bucket4j wraps what Hikari throws when the waiting thread is interrupted (the client went away)
        var failure = new IllegalStateException(
                "io.github.bucket4j.BucketExceptions$BucketExecutionException",
                new java.sql.SQLException("HikariPool-1 - Interrupted during connection acquisition"));

        handler.handle(exchange, failure).block();

        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
    }

    @Test
    void a_read_that_could_not_obtain_a_connection_from_a_restarting_database_answers_503_like_a_lagging_read() {
        // what Spring's R2DBC support throws when the pool has no live connection to give
        var failure = new DataAccessResourceFailureException(
                "Failed to obtain R2DBC Connection",
                new IllegalStateException("[08006] Cannot exchange messages because the connection is closed"));

        MockServerWebExchange exchange = answer(failure);

        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(exchange.getResponse().getHeaders().getFirst("Retry-After")).isEqualTo("1");
        // the shape of the read model's own 503 (DeliveryReads.catchingUp): INTERNAL_ERROR, retryAfterSeconds
        assertThat(exchange.getResponse().getBodyAsString().block())
                .contains("\"code\":\"INTERNAL_ERROR\"")
                .contains("\"retryAfterSeconds\":1");
    }

    @Test
    void a_statement_on_a_connection_the_database_closed_or_refuses_while_it_restarts_answers_503() {
        for (Throwable failure : List.of(
                new PSQLException("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE),
                new UncategorizedSQLException(
                        "select",
                        "select 1",
                        new SQLException("FATAL: terminating connection due to administrator command", "57P01")),
                new SQLException("FATAL: the database system is in recovery mode", "57P03"),
                new SQLNonTransientConnectionException("Connection refused"),
                // bucket4j's rollback on the connection Hikari marked broken after that 57P01 (the fault suite)
                new IllegalStateException(
                        "io.github.bucket4j.BucketExceptions$BucketExecutionException",
                        new SQLException("Connection is closed")))) {
            assertThat(answer(failure).getResponse().getStatusCode())
                    .as("the answer to %s", failure)
                    .isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        }
    }

    @Test
    void a_statement_the_database_refused_for_its_content_is_not_a_503() {
        var failure = new UncategorizedSQLException(
                "insert", "insert ...", new SQLException("value too long for type character varying(20)", "22001"));

        assertThat(answer(failure).getResponse().getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
    }

    private MockServerWebExchange answer(Throwable failure) {
        MockServerWebExchange exchange =
                MockServerWebExchange.from(MockServerHttpRequest.get("/api/v1/external/dispatches/x"));
        handler.handle(exchange, failure).block();
        return exchange;
    }

    @Test
    void any_other_unknown_failure_is_still_a_500() {
        MockServerWebExchange exchange =
                MockServerWebExchange.from(MockServerHttpRequest.get("/api/v1/external/dispatches"));

        handler.handle(exchange, new IllegalStateException("a bug")).block();

        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
    }
}
