package io.dispatch.web.error;

import io.dispatch.web.Envelope;
import io.dispatch.web.json.RequestJsonLimits;
import io.dispatch.web.request.HttpEdgeProperties;
import io.dispatch.web.request.RequestIds;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

/**
 * The one exception-to-envelope mapping of the whole API. Runs before Boot's default handler,
 * so no request, however malformed, gets a stack trace or an HTML page. Unknown failures are
 * logged with their request id and answered 500 INTERNAL_ERROR without internals.
 */
@Component
@Order(-2)
public class ApiErrorHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorHandler.class);
    /** Retry-After of every 503, and its {@code details.retryAfterSeconds} where the answer is made here. */
    static final int RETRY_AFTER_SECONDS = 1;

    private final ObjectMapper json;
    private final String bodyLimit;
    private final Duration bodyTimeout;

    public ApiErrorHandler(
            ObjectMapper json,
            @Value("${spring.http.codecs.max-in-memory-size:4MB}") DataSize maxBody,
            HttpEdgeProperties edge) {
        this.json = json;
        this.bodyLimit = Sizes.describe(maxBody.toBytes());
        this.bodyTimeout = edge.bodyTimeout();
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.error(failure);
        }
        String requestId = RequestIds.of(exchange);
        Answer answer = answerFor(failure, requestId);
        Envelope body = Envelope.error(answer.code.name(), answer.message, answer.details, requestId);
        response.setStatusCode(answer.status);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        if (answer.status.value() == 503) {
            response.getHeaders()
                    .set(org.springframework.http.HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS));
        }
        if (answer.status.value() == 413 || answer.status.value() == 408) {
            // the body was not read to its end: the connection cannot carry another request
            response.getHeaders().set(org.springframework.http.HttpHeaders.CONNECTION, "close");
        }
        if (failure instanceof MethodNotAllowedException notAllowed) {
            response.getHeaders().setAllow(notAllowed.getSupportedMethods());
        }
        byte[] bytes = json.writeValueAsBytes(body);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(bytes)));
    }

    private Answer answerFor(Throwable failure, String requestId) {
        return switch (failure) {
            // Spring reports an over-long body in several wrappers (ContentTooLargeException, a
            // ServerWebInputException, the bare DataBufferLimitException): the cause decides
            case Throwable t
            when causedBy(t, DataBufferLimitException.class::isInstance) ->
                new Answer(
                        HttpStatus.CONTENT_TOO_LARGE,
                        ErrorCode.VALIDATION_ERROR,
                        "The request body is larger than " + bodyLimit + ", the limit of this API",
                        body("must be at most " + bodyLimit));
            case Throwable t
            when causedBy(t, ApiErrorHandler::bodyTimedOut) -> {
                // Reactor Netty closes the connection right after: the client may or may not read this
                log.debug("A request body did not arrive within {} (requestId={})", bodyTimeout, requestId);
                yield new Answer(
                        HttpStatus.REQUEST_TIMEOUT,
                        ErrorCode.VALIDATION_ERROR,
                        "The request body did not arrive within " + bodyTimeout.toSeconds()
                                + " s; send the request again",
                        Map.of());
            }
            // a JSON body past the limits of every body (RequestJsonLimits): 422 naming the limit
            case Throwable t
            when causedBy(t, tools.jackson.core.exc.StreamConstraintsException.class::isInstance) ->
                new Answer(
                        ErrorCode.VALIDATION_ERROR.status(),
                        ErrorCode.VALIDATION_ERROR,
                        "The request body is beyond the JSON limits of this API",
                        body(jsonLimit(t)));
            case ApiException api -> new Answer(api.status(), api.code(), api.getMessage(), api.details());
            // raised inside a body's stream (Utf8Only), it reaches us wrapped by the decoder
            case Throwable t
            when causedBy(t, ApiException.class::isInstance) -> {
                Throwable cause = t;
                while (!(cause instanceof ApiException)) {
                    cause = cause.getCause();
                }
                yield answerFor(cause, requestId);
            }
            case MethodNotAllowedException e ->
                new Answer(
                        HttpStatus.METHOD_NOT_ALLOWED,
                        ErrorCode.NOT_FOUND,
                        "Method " + e.getHttpMethod() + " is not allowed here",
                        Map.of());
            case UnsupportedMediaTypeStatusException e ->
                new Answer(
                        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                        ErrorCode.VALIDATION_ERROR,
                        "Content-Type must be application/json",
                        body("Content-Type must be application/json"));
            case ServerWebInputException e
            when e.getCause() instanceof DecodingException ->
                new Answer(
                        ErrorCode.VALIDATION_ERROR.status(),
                        ErrorCode.VALIDATION_ERROR,
                        "The request body is not valid JSON",
                        body("The body is not valid JSON for this request"));
            case ServerWebInputException e ->
                new Answer(
                        ErrorCode.VALIDATION_ERROR.status(),
                        ErrorCode.VALIDATION_ERROR,
                        "The request is not valid",
                        Map.of("fieldErrors", Map.of("request", List.of(String.valueOf(e.getReason())))));
            case ResponseStatusException e
            when e.getStatusCode().value() == 404 ->
                new Answer(HttpStatus.NOT_FOUND, ErrorCode.NOT_FOUND, "No such resource", Map.of());
            case ResponseStatusException e
            when e.getStatusCode().is4xxClientError() ->
                new Answer(e.getStatusCode(), ErrorCode.VALIDATION_ERROR, reason(e), Map.of());
            // no database connection in time (pool exhausted under overload) or none at all (the database
            // restarting, a connection it closed): a retry will do, so 503 with Retry-After as the spec's
            // clients expect, not a 500; the same answer as a read model catching up (DeliveryReads)
            case Throwable t
            when causedBy(t, DatabaseBusy::matches) -> {
                log.warn(
                        "No database connection in time, answered 503 (requestId={}): {}",
                        requestId,
                        failure.toString());
                yield new Answer(
                        HttpStatus.SERVICE_UNAVAILABLE,
                        ErrorCode.INTERNAL_ERROR,
                        "The service is busy; retry in a second with the same Idempotency-Key",
                        Map.of("retryAfterSeconds", RETRY_AFTER_SECONDS));
            }
            default -> {
                log.error("Unhandled failure, answered 500 (requestId={})", requestId, failure);
                yield new Answer(
                        HttpStatus.INTERNAL_SERVER_ERROR,
                        ErrorCode.INTERNAL_ERROR,
                        "Internal error; it is safe to retry with the same Idempotency-Key",
                        Map.of());
            }
        };
    }

    /** Jackson's words for the limit, without its pointer into its own API: "... exceeds the maximum allowed (32)". */
    private static String jsonLimit(Throwable failure) {
        Throwable t = failure;
        while (!(t instanceof tools.jackson.core.exc.StreamConstraintsException)) {
            t = t.getCause();
        }
        String message = String.valueOf(((tools.jackson.core.JacksonException) t).getOriginalMessage());
        int from = message.indexOf(", from ");
        return (from < 0 ? message : message.substring(0, from) + ")")
                + "; a JSON body may nest " + RequestJsonLimits.MAX_DEPTH + " deep and hold "
                + RequestJsonLimits.MAX_VALUES + " values, strings of " + RequestJsonLimits.MAX_STRING_CHARS
                + " characters and numbers of " + RequestJsonLimits.MAX_NUMBER_DIGITS + " digits at most";
    }

    private static boolean causedBy(Throwable failure, Predicate<Throwable> test) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (test.test(t)) {
                return true;
            }
        }
        return false;
    }

    /** Spring's reason, else the status's own phrase: never the text "null". */
    private static String reason(ResponseStatusException e) {
        if (e.getReason() != null) {
            return e.getReason();
        }
        HttpStatus status = HttpStatus.resolve(e.getStatusCode().value());
        return status == null
                ? "The request was refused (" + e.getStatusCode().value() + ")"
                : status.getReasonPhrase();
    }

    /** Reactor Netty's request timeout (dispatch.http.body-timeout); the class is not public. */
    private static boolean bodyTimedOut(Throwable failure) {
        return failure.getClass().getName().equals("reactor.netty.http.server.RequestTimeoutException");
    }

    private static Map<String, Object> body(String message) {
        return Map.of("fieldErrors", Map.of("body", List.of(message)));
    }

    private record Answer(HttpStatusCode status, ErrorCode code, String message, Map<String, Object> details) {}
}
