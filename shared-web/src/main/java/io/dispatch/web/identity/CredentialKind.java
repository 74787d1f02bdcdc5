package io.dispatch.web.identity;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One kind of credential (an API key, a rider token, the operator token, a dashboard session;
 * {@link CredentialKinds} declares them): only what sets it apart from the others.
 * {@link Credentials} does the rest, once for every kind: reading the presented value, the cached
 * look-up, the constant-time comparison and the one 401 message. A new kind therefore cannot
 * forget the cache or compare a secret with {@code equals}.
 *
 * @param header the request header that carries it; null when the dashboard session carries it
 * @param proof how a presented value names its stored credential and proves it is the caller's
 * @param rejected the 401 message when a credential of this kind is presented and is not valid
 * @param lookup the stored credential of an id, or empty; blocking (Credentials calls it off the
 *     event loop, through its cache)
 * @param usable whether the stored credential may be used now (not revoked, owner not suspended)
 * @param secretHash the SHA-256 of the stored credential's secret; unused by {@link Proof#SESSION}
 * @param holder who holds a valid credential, and what they may do
 * @param sessionAttribute the session attribute that holds the id of a {@link Proof#SESSION}
 *     kind's credential (a merchant's or an operator's); null for the kinds with a header
 * @param <S> the stored credential
 */
public record CredentialKind<S>(
        String header,
        Proof proof,
        String rejected,
        Function<String, Optional<S>> lookup,
        Predicate<S> usable,
        Function<S, byte[]> secretHash,
        Function<S, CredentialHolder> holder,
        String sessionAttribute) {

    /** A kind read from a request header. */
    public CredentialKind(
            String header,
            Proof proof,
            String rejected,
            Function<String, Optional<S>> lookup,
            Predicate<S> usable,
            Function<S, byte[]> secretHash,
            Function<S, CredentialHolder> holder) {
        this(header, proof, rejected, lookup, usable, secretHash, holder, null);
    }

    /** How a presented value names its stored credential and proves that the caller holds it. */
    public enum Proof {
        /** {@code <id>.<secret>}: looked up by id; the SHA-256 of the secret must equal the stored hash. */
        ID_AND_SECRET,
        /** The whole value is the secret of the kind's one stored credential (it has no id). */
        SECRET,
        /**
         * The value is an id read from the server-side session store: the session cookie proved it,
         * so there is no secret to compare. Only a kind without a header may use it.
         */
        SESSION
    }

    public CredentialKind {
        if ((proof == Proof.SESSION) != (header == null)) {
            // a header whose value were trusted without a secret would let anyone name any merchant
            throw new IllegalArgumentException("A session credential has no header, and every other kind has one");
        }
        if ((proof == Proof.SESSION) != (sessionAttribute != null)) {
            throw new IllegalArgumentException(
                    "A session credential names its session attribute, and no other kind does");
        }
    }

    @Override
    public String toString() {
        return "CredentialKind[" + (header == null ? "session " + sessionAttribute : header) + "]";
    }
}
