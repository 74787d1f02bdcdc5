package io.dispatch.events;

/**
 * Facts about the guard on the delivery PIN, kept in the delivery's own stream so that an auditor
 * replaying the log sees every wrong guess and every reset, in order with the rest. They are not
 * status transitions: the status history has no entry for them, merchants are never notified of
 * them, live tracking ignores them and they leave the delivery's {@code updatedAt} alone. Only
 * the operator's view of the delivery shows what they add up to.
 */
public sealed interface DeliveryPinEvent extends DispatchLifecycleEvent permits DeliveryPinRejected, DeliveryPinReset {}
