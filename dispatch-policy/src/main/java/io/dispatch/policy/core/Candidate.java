package io.dispatch.policy.core;

import java.util.UUID;

/**
 * A rider considered for a delivery. {@code etaToPickupSeconds} and {@code distanceMeters} are modelled: the
 * great-circle distance times the zone's detour factor, at the zone's average speed. {@code rank} is the rider's
 * place by the best-rider rule (1 is best).
 */
public record Candidate(UUID riderId, long etaToPickupSeconds, long distanceMeters, int activeCount, int rank) {}
