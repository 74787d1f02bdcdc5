package io.dispatch.policy.core;

import java.util.UUID;

/** An entry of MANUAL's open list: a NEW delivery a rider may take, with its modelled distance to the pickup. */
public record OpenDelivery(UUID dispatchId, long distanceMeters) {}
