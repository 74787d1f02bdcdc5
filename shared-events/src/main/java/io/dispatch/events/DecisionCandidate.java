package io.dispatch.events;

import java.util.UUID;

/** A rider a decision considered, with what it was ranked on (at most 10 per decision). */
public record DecisionCandidate(
        UUID riderId, long etaToPickupSeconds, long distanceMeters, int activeCount, int rank) {}
