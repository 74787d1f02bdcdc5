package io.dispatch.web.identity;

import java.util.UUID;

/** The authenticated rider of a request, set by the security chain from an X-Rider-Token ({@link CredentialKinds}). */
public record RiderPrincipal(UUID riderId, String name) {

    /** The exchange attribute that carries it; controllers read it with {@code @RequestAttribute}. */
    public static final String ATTRIBUTE = "io.dispatch.rider";
}
