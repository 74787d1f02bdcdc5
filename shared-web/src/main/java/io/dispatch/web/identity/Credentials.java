package io.dispatch.web.identity;

import java.time.Clock;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The one way a presented credential becomes its holder, for every {@link CredentialKind}: the
 * value is read by the kind's {@link CredentialKind.Proof}, the stored credential looked up by
 * id through a {@link CredentialCache} (trusted for {@code dispatch.key-cache-ttl}, 2 s by
 * default, so a revocation or a suspension reaches every instance within that time without a
 * database read per request), its secret hash compared in constant time, and anything short of
 * a usable, matching credential answered with the kind's one message. The caller cannot tell
 * an unknown id from a wrong secret or a revoked key.
 */
@Component
public class Credentials {

    private final Map<CredentialKind<?>, CredentialCache<?>> caches = new IdentityHashMap<>();

    public Credentials(List<CredentialKind<?>> kinds, IdentityProperties properties, Clock clock) {
        for (CredentialKind<?> kind : kinds) {
            caches.put(kind, cacheOf(kind, properties.keyCacheTtl(), clock));
        }
    }

    /** The holder of the presented value, or {@link CredentialRejected} (null: nothing was presented). */
    public <S> Mono<CredentialHolder> check(CredentialKind<S> kind, String presented) {
        Presented read = Presented.read(kind.proof(), presented);
        if (read == null) {
            return rejected(kind);
        }
        return cache(kind)
                .get(read.id())
                .flatMap(stored -> stored.filter(kind.usable())
                        .filter(credential -> read.proves(kind.secretHash().apply(credential)))
                        .map(kind.holder())
                        .map(Mono::just)
                        .orElseGet(() -> rejected(kind)));
    }

    private static <S> Mono<CredentialHolder> rejected(CredentialKind<S> kind) {
        return Mono.error(new CredentialRejected(kind.rejected()));
    }

    @SuppressWarnings("unchecked")
    private <S> CredentialCache<S> cache(CredentialKind<S> kind) {
        CredentialCache<?> cache = caches.get(kind);
        if (cache == null) {
            throw new IllegalArgumentException("Not a registered credential kind: " + kind);
        }
        return (CredentialCache<S>) cache;
    }

    private static <S> CredentialCache<S> cacheOf(CredentialKind<S> kind, Duration ttl, Clock clock) {
        return new CredentialCache<>(kind.lookup(), ttl, clock);
    }

    /** A presented value split into the id to look up and the secret to compare (null: nothing to compare). */
    private record Presented(String id, String secret) {

        /** The one stored credential of a {@link CredentialKind.Proof#SECRET} kind is looked up by this id. */
        private static final String ONLY = "";

        /** Null for a missing value or one not shaped like the kind's credentials. */
        static Presented read(CredentialKind.Proof proof, String value) {
            if (value == null) {
                return null;
            }
            return switch (proof) {
                case ID_AND_SECRET ->
                    Optional.ofNullable(ApiKeys.parse(value))
                            .map(parsed -> new Presented(parsed.keyId(), parsed.secret()))
                            .orElse(null);
                case SECRET -> new Presented(ONLY, value);
                case SESSION -> new Presented(value, null);
            };
        }

        boolean proves(byte[] storedHash) {
            return secret == null || ApiKeys.matches(secret, storedHash);
        }
    }
}
