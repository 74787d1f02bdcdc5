package io.dispatch.logreport.read;

/** Kafka or PostgreSQL cannot be reached or read; the message is for the operator (exit 1). */
public final class SourceUnavailableException extends RuntimeException {

    public SourceUnavailableException(String message) {
        super(message);
    }

    public SourceUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
