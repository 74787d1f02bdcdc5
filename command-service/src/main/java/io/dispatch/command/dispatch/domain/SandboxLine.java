package io.dispatch.command.dispatch.domain;

import java.util.UUID;

/**
 * The line between sandbox and real (decisions.md §13): a sandbox merchant's deliveries are
 * offered to and taken by sandbox riders only, a real merchant's by real riders only. Otherwise a
 * self-signed-up sandbox merchant could post bait deliveries that a real rider takes, and read the
 * rider's name and live position through the tracking link. The aggregate asks it before every
 * rider's step and every assignment; Axon hands it to the handlers as it hands them the clock.
 */
@FunctionalInterface
public interface SandboxLine {

    /** Whether the merchant and the rider are on the same side: both sandbox, or both real. */
    boolean sameSide(UUID merchantId, UUID riderId);
}
