package io.dispatch.representation;

import java.util.List;

/** The answer of a bulk create: how many, and the deliveries in request order. */
public record BulkCreated(int count, List<Delivery> dispatches) {}
