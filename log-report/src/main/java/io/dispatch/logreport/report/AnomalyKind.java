package io.dispatch.logreport.report;

/** What can be wrong with a delivery's stream of events; each is counted and listed. */
public enum AnomalyKind {
    /** Sequence numbers missing between two events of the delivery read in the range. */
    SEQUENCE_GAP,
    /** A sequence at or below one already read, under a new event id; ignored as the fold ignores it. */
    SEQUENCE_OUT_OF_ORDER,
    /** An event the lifecycle does not allow in the delivery's status, a second creation included. */
    ILLEGAL_TRANSITION,
    /** Any event after DELIVERED, FAILED or CANCELLED (counted here only, not as illegal as well). */
    EVENT_AFTER_TERMINAL,
    /** An event id read before: a redelivery; not applied again. */
    DUPLICATE_EVENT_ID
}
