package io.dispatch.web.openapi;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.request.RequestIds;
import java.util.Map;
import org.springdoc.api.OpenApiResourceNotFoundException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.server.ServerWebExchange;

/**
 * An unknown group ({@code /v3/api-docs/nope}) answers 404 in the envelope, as every unknown
 * path does, rather than springdoc's own error body.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class UnknownDocument {

    @ExceptionHandler(OpenApiResourceNotFoundException.class)
    public ResponseEntity<Envelope> notFound(ServerWebExchange exchange) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND)
                .contentType(MediaType.APPLICATION_JSON)
                .body(Envelope.error(
                        ErrorCode.NOT_FOUND.name(),
                        "No such API document: the groups are operator, rider and tracking",
                        Map.of(),
                        RequestIds.of(exchange)));
    }
}
