package io.dispatch.engine.loop;

import io.dispatch.policy.core.RiderView;
import io.dispatch.policy.core.WaitingDelivery;
import java.time.Instant;
import java.util.List;

/**
 * What the engine sees: whether it decides (leads) and has read the log up to where it stood at
 * start, its clock, the deliveries waiting with their reasons, and every rider it knows with
 * whether the rider is eligible now (the first thing to ask when a rider gets no offers).
 */
public record EngineStatus(
        boolean leading, boolean caughtUp, Instant now, List<WaitingDelivery> waiting, List<RiderView> riders) {}
