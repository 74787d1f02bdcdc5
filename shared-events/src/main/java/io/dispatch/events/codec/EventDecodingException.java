package io.dispatch.events.codec;

/**
 * The bytes are not an event this code can read: malformed JSON, a missing envelope field, a
 * version newer than the code, or data that does not bind. Unchecked so a consumer decides in
 * one place whether to skip-and-log or stop.
 */
public class EventDecodingException extends RuntimeException {

    public EventDecodingException(String message) {
        super(message);
    }

    public EventDecodingException(String message, Throwable cause) {
        super(message, cause);
    }
}
