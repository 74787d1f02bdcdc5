package io.dispatch.logreport.read;

/** Why an entry of the log could not be read; each is counted and listed, none stops the report. */
public enum UnreadableReason {
    /** A type this code does not know, typically written by a newer producer. */
    UNKNOWN_TYPE,
    /** A known type at a version newer than this code reads. */
    FUTURE_VERSION,
    /** Not JSON, a missing envelope field, data that does not bind, no upcaster. */
    UNDECODABLE
}
