package io.dispatch.policy.core;

/** How an offer ended. Only DECLINED and EXPIRED keep the rider from being offered the same delivery again. */
public enum OfferOutcome {
    ACCEPTED,
    DECLINED,
    EXPIRED,
    WITHDRAWN,
    TAKEN;

    boolean excludesRider() {
        return this == DECLINED || this == EXPIRED;
    }
}
