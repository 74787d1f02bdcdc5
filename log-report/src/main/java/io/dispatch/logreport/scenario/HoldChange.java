package io.dispatch.logreport.scenario;

import java.time.Instant;
import java.util.UUID;

/** A rider took one of the scenario's orders ({@code delta} +1) or stopped holding it (-1). */
record HoldChange(Instant at, UUID riderId, int delta, OrderTrack order) {}
