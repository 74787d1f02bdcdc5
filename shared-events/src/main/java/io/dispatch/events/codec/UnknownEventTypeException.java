package io.dispatch.events.codec;

/**
 * The envelope names a type this code does not know, typically one added by a newer producer.
 * A separate class so consumers can skip such records without hiding real decoding faults.
 */
public class UnknownEventTypeException extends EventDecodingException {

    private final String type;

    public UnknownEventTypeException(String type) {
        super("unknown event type '" + type + "'");
        this.type = type;
    }

    /** The wire name as it appeared in the envelope. */
    public String type() {
        return type;
    }
}
