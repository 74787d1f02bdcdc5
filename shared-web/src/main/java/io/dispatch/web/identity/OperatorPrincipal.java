package io.dispatch.web.identity;

/**
 * The authenticated operator of a request (the holder of the admin token), set by the security
 * chain. Every operator handler declares it as a parameter, so a route the chain failed to guard
 * still answers 401 instead of running.
 */
public record OperatorPrincipal(String name) {

    /** The exchange attribute that carries it. */
    public static final String ATTRIBUTE = "io.dispatch.operator";
}
