package io.dispatch.policy.core;

/** Why a NEW delivery nobody holds is waiting (the operator's queue, decisions.md section 14). */
public enum QueueReason {
    NO_RIDER_IN_RADIUS,
    ALL_DECLINED,
    OFFERS_EXHAUSTED,
    MANUAL,
    WAITING_FOR_OFFER
}
