package io.dispatch.command.pricing;

import org.locationtech.jts.geom.Polygon;

/** A priced area; the lowest priority number wins where zones overlap. */
public record Zone(String id, String name, int priority, Polygon polygon, PricingSchedule schedule) {}
