package io.dispatch.web.identity;

/**
 * The authenticated operator of a request, set by the security chain: an operator account signed
 * in at the console ({@code name} is the account's id), or the holder of the admin token
 * ({@code name} {@value #TOKEN}, always {@link OperatorRole#ADMIN}). Every operator handler
 * declares it as a parameter, so a route the chain failed to guard still answers 401 instead of
 * running. The history and the decisions record {@code name} as the actor.
 */
public record OperatorPrincipal(String name, OperatorRole role) {

    /** The exchange attribute that carries it. */
    public static final String ATTRIBUTE = "io.dispatch.operator";

    /** The name of the admin token's holder, who is no account. */
    public static final String TOKEN = "operator";

    /** An ADMIN of that name. */
    public OperatorPrincipal(String name) {
        this(name, OperatorRole.ADMIN);
    }

    /** Whether this is the admin token's holder rather than an operator account. */
    public boolean isToken() {
        return TOKEN.equals(name);
    }
}
