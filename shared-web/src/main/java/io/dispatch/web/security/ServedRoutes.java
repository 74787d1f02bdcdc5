package io.dispatch.web.security;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The routes one module serves, as the security chain and the limits must know them: a bean that
 * each module hosting routes contributes to its process ({@link RouteTable} joins those present).
 * A process therefore names only what it serves: a service that does not host the console has no
 * {@code /console} in its table, and the chain's deny-by-default rule answers there.
 *
 * <p>Every HTTP service's own families (the merchant API {@link Routes#EXTERNAL}, the rider API
 * {@link Routes#RIDER}, the operator API, the API documents, the pages' static files, health) are
 * shared-web's ({@link RouteTable#EVERY_SERVICE}); a module adds the families of its features:
 * public pages and receivers ({@link #open}), routes for a dashboard session only ({@link
 * #dashboardSession}), routes for a delivery's merchant or an operator ({@link #merchantOrOperator}),
 * and what applies on top: per-client-address limits, sign-in routes that need no CSRF token,
 * streams capped per client address. Immutable; each method returns a copy with more.
 */
public final class ServedRoutes {

    private final String module;
    private final Map<String, Family> families;
    private final Map<String, ClientLimit> limits;
    private final Set<String> signIns;
    private final Set<String> streams;

    private ServedRoutes(
            String module,
            Map<String, Family> families,
            Map<String, ClientLimit> limits,
            Set<String> signIns,
            Set<String> streams) {
        this.module = module;
        this.families = families;
        this.limits = limits;
        this.signIns = signIns;
        this.streams = streams;
    }

    /** An empty declaration of the module (or feature) that serves the routes; the name is for errors. */
    public static ServedRoutes of(String module) {
        return new ServedRoutes(module, Map.of(), Map.of(), Set.of(), Set.of());
    }

    /** Routes anyone may call, without a credential (pages, their assets, sign-in, store webhook receivers). */
    public ServedRoutes open(String... patterns) {
        return with(Family.PUBLIC, patterns);
    }

    /** Routes of the signed-in merchant's dashboard session only: an API key is not read there. */
    public ServedRoutes dashboardSession(String... patterns) {
        return with(Family.DASHBOARD, patterns);
    }

    /**
     * Routes of a delivery's merchant (API key or dashboard session) or an operator (token or
     * console session); GET and HEAD need the key's read scope or an operator, other methods an
     * operator whose role the route grants.
     */
    public ServedRoutes merchantOrOperator(String... patterns) {
        return with(Family.MEDIA, patterns);
    }

    /** Counts each request to these patterns in the client address's bucket of {@code limit}. */
    public ServedRoutes limitedPerClient(ClientLimit limit, String... patterns) {
        Map<String, ClientLimit> more = new LinkedHashMap<>(limits);
        for (String pattern : patterns) {
            more.put(checked(pattern), limit);
        }
        return new ServedRoutes(module, families, Collections.unmodifiableMap(more), signIns, streams);
    }

    /**
     * Sign-in and sign-up paths (exact): a session cookie sent with them needs no CSRF token, as
     * they carry no session's authority (the cookie is replaced) and accept JSON only.
     */
    public ServedRoutes signIn(String... paths) {
        return new ServedRoutes(module, families, limits, union(signIns, paths), streams);
    }

    /** Streams that stay open, of which one client address may hold a capped number at once. */
    public ServedRoutes streamsCappedPerClient(String... patterns) {
        return new ServedRoutes(module, families, limits, signIns, union(streams, patterns));
    }

    /** Every service's families, for {@link RouteTable#EVERY_SERVICE}; modules declare none of these. */
    ServedRoutes with(Family family, String... patterns) {
        Map<String, Family> more = new LinkedHashMap<>(families);
        for (String pattern : patterns) {
            more.put(checked(pattern), family);
        }
        return new ServedRoutes(module, Collections.unmodifiableMap(more), limits, signIns, streams);
    }

    String module() {
        return module;
    }

    Map<String, Family> families() {
        return families;
    }

    Map<String, ClientLimit> limits() {
        return limits;
    }

    Set<String> signIns() {
        return signIns;
    }

    Set<String> streams() {
        return streams;
    }

    private static Set<String> union(Set<String> known, String... more) {
        Set<String> union = new LinkedHashSet<>(known);
        List.of(more).forEach(pattern -> union.add(checked(pattern)));
        return Collections.unmodifiableSet(union);
    }

    /** Parsed once here, so a malformed pattern fails the declaration, not the first request. */
    private static String checked(String pattern) {
        Routes.pattern(pattern);
        return pattern;
    }

    @Override
    public String toString() {
        return "ServedRoutes[" + module + "]";
    }
}
