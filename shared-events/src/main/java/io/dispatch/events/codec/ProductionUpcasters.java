package io.dispatch.events.codec;

import java.util.List;

/**
 * Every upcaster the shipped code needs. All types are still at v1, so none yet; a breaking
 * change bumps the version in EventType, adds its upcaster here and a golden file for the
 * old version.
 */
final class ProductionUpcasters {

  static final List<Upcaster> ALL = List.of();

  private ProductionUpcasters() {}
}
