package io.dispatch.events;

/** A webhook notification is PENDING (waiting or retrying), SUCCEEDED, or FAILED (attempts exhausted). */
public enum NotificationStatus {
    PENDING,
    SUCCEEDED,
    FAILED
}
