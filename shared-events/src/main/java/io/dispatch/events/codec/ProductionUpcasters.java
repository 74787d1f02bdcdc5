package io.dispatch.events.codec;

import java.util.List;

/**
 * Every upcaster the shipped code needs. A breaking change bumps the version in EventType, adds
 * its upcaster here and a golden file for the new version beside the old one's.
 */
final class ProductionUpcasters {

    static final List<Upcaster> ALL = List.of(new DispatchCreatedServiceTargets(), new DispatchCreatedPolicy());

    private ProductionUpcasters() {}
}
