package io.dispatch.web.error;

import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatusCode;

/** An error answered in the contract's envelope with its code, message and details. */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final HttpStatusCode status;
    private final Map<String, Object> details;

    public ApiException(ErrorCode code, String message) {
        this(code, message, Map.of());
    }

    public ApiException(ErrorCode code, String message, Map<String, Object> details) {
        this(code, code.status(), message, details);
    }

    public ApiException(ErrorCode code, HttpStatusCode status, String message, Map<String, Object> details) {
        super(message, null, false, false);
        this.code = code;
        this.status = status;
        this.details = details == null ? Map.of() : details;
    }

    public static ApiException conflict(String message, Map<String, Object> details) {
        return new ApiException(ErrorCode.CONFLICT, message, details);
    }

    /** 503 with Retry-After: the service cannot take this request now; the same request later can succeed. */
    public static ApiException unavailable(String message) {
        return new ApiException(
                ErrorCode.INTERNAL_ERROR, org.springframework.http.HttpStatus.SERVICE_UNAVAILABLE, message, Map.of());
    }

    public static ApiException notFound(String what) {
        return new ApiException(ErrorCode.NOT_FOUND, what + " not found");
    }

    /** A path id that is not a UUID cannot name anything: 404 for {@code what}, never a 500. */
    public static java.util.UUID pathId(String raw, String what) {
        try {
            return java.util.UUID.fromString(raw);
        } catch (IllegalArgumentException e) {
            throw notFound(what);
        }
    }

    public static ApiException validation(Map<String, List<String>> fieldErrors) {
        return new ApiException(
                ErrorCode.VALIDATION_ERROR, "The request failed validation", Map.of("fieldErrors", fieldErrors));
    }

    public static ApiException validation(String field, String message) {
        return validation(Map.of(field, List.of(message)));
    }

    public ErrorCode code() {
        return code;
    }

    public HttpStatusCode status() {
        return status;
    }

    public Map<String, Object> details() {
        return details;
    }
}
