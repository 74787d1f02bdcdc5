package io.dispatch.web.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.request.HttpEdgeProperties;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.json.JsonMapper;

/** Overload is not a bug: a write that found no database connection in time answers 503, never 500. */
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
    void any_other_unknown_failure_is_still_a_500() {
        MockServerWebExchange exchange =
                MockServerWebExchange.from(MockServerHttpRequest.get("/api/v1/external/dispatches"));

        handler.handle(exchange, new IllegalStateException("a bug")).block();

        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
    }
}
