package io.dispatch.events;

/** Events emitted by the Dispatch aggregate and stored in the event store. */
public sealed interface DispatchLifecycleEvent extends DispatchEvent
        permits DispatchCreated,
                RiderAssigned,
                DispatchPickedUp,
                DispatchDeparted,
                DispatchDelivered,
                DispatchFailed,
                DispatchCancelled,
                RiderLocationUpdated,
                DeliveryPinEvent,
                RiderUnassigned,
                EtaUpdated,
                DispatchDecisionEvent {}
