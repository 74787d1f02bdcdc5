package io.dispatch.web.identity;

import java.util.UUID;

/** The authenticated rider of a request, set by {@link RiderAuthentication}. */
public record RiderPrincipal(UUID riderId, String name) {

  /** The exchange attribute that carries it; controllers read it with {@code @RequestAttribute}. */
  public static final String ATTRIBUTE = "io.dispatch.rider";
}
