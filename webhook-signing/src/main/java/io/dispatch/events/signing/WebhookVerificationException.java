package io.dispatch.events.signing;

/** A webhook request failed verification; {@link #reason()} says which check, for logs and metrics. */
public class WebhookVerificationException extends RuntimeException {

    public enum Reason {
        MISSING_HEADER,
        MALFORMED_TIMESTAMP,
        TIMESTAMP_OUT_OF_TOLERANCE,
        MALFORMED_SIGNATURE,
        SIGNATURE_MISMATCH
    }

    private final Reason reason;

    public WebhookVerificationException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
