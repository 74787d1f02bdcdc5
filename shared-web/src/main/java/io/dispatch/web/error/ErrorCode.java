package io.dispatch.web.error;

import org.springframework.http.HttpStatus;

/** The contract's stable error codes; clients switch on them. */
public enum ErrorCode {
    UNAUTHORIZED(HttpStatus.UNAUTHORIZED),
    FORBIDDEN(HttpStatus.FORBIDDEN),
    NOT_FOUND(HttpStatus.NOT_FOUND),
    CONFLICT(HttpStatus.CONFLICT),
    VALIDATION_ERROR(HttpStatus.UNPROCESSABLE_CONTENT),
    RATE_LIMITED(HttpStatus.TOO_MANY_REQUESTS),
    INTERNAL_ERROR(HttpStatus.INTERNAL_SERVER_ERROR);

    private final HttpStatus status;

    ErrorCode(HttpStatus status) {
        this.status = status;
    }

    /** The usual HTTP status of the code; a few input errors answer 413/415 with VALIDATION_ERROR. */
    public HttpStatus status() {
        return status;
    }
}
