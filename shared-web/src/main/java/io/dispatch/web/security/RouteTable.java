package io.dispatch.web.security;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher.MatchResult;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The route families of this process: every service's ({@link #EVERY_SERVICE}) joined with the
 * {@link ServedRoutes} of each module it hosts. The security chain, the CSRF rule and the limits
 * read it, matching with {@link Routes} on the path the router routes by. A pattern declared by
 * two modules with the same rule counts once (the dashboard's API is served by three); declared
 * with two different rules, or counted under two limits, it fails the start.
 *
 * <p>A path belongs to the first family, in {@link Family}'s order, that names it; a path none
 * names is an operator's (deny by default).
 */
public final class RouteTable {

    /** What every HTTP service serves: the merchant, rider and operator APIs, the API documents, static files, health. */
    public static final ServedRoutes EVERY_SERVICE = ServedRoutes.of("every service")
            .with(Family.MERCHANT, Routes.EXTERNAL)
            .with(Family.RIDER, Routes.RIDER)
            .open(
                    "/v3/api-docs",
                    "/v3/api-docs.yaml",
                    "/v3/api-docs/**",
                    "/v3/api-docs.yaml/**",
                    "/docs",
                    "/docs/**",
                    Routes.WEBJARS,
                    Routes.ASSETS,
                    "/actuator/health",
                    "/actuator/health/**");

    private final Map<Family, List<PathPattern>> families = new EnumMap<>(Family.class);
    private final Map<Family, List<String>> familyPatterns = new EnumMap<>(Family.class);
    private final Map<ClientLimit, List<String>> limits = new EnumMap<>(ClientLimit.class);
    private final Set<String> signIns = new LinkedHashSet<>();
    private final List<PathPattern> streams = new ArrayList<>();

    private RouteTable(List<ServedRoutes> declarations) {
        Map<String, Family> families = new LinkedHashMap<>();
        Map<String, ClientLimit> limits = new LinkedHashMap<>();
        Map<String, String> declaredBy = new LinkedHashMap<>();
        Set<String> streams = new LinkedHashSet<>();
        for (ServedRoutes served : declarations) {
            served.families().forEach((pattern, family) -> join(families, declaredBy, served, pattern, family));
            served.limits().forEach((pattern, limit) -> join(limits, declaredBy, served, pattern, limit));
            signIns.addAll(served.signIns());
            streams.addAll(served.streams());
        }
        for (Family family : Family.values()) {
            List<String> named = families.entrySet().stream()
                    .filter(entry -> entry.getValue() == family)
                    .map(Map.Entry::getKey)
                    .toList();
            familyPatterns.put(family, named);
            this.families.put(family, named.stream().map(Routes::pattern).toList());
        }
        for (ClientLimit limit : ClientLimit.values()) {
            this.limits.put(
                    limit,
                    limits.entrySet().stream()
                            .filter(entry -> entry.getValue() == limit)
                            .map(Map.Entry::getKey)
                            .toList());
        }
        streams.stream().map(Routes::pattern).forEach(this.streams::add);
    }

    /** Every service's families and those of the modules given (the {@link ServedRoutes} beans of the process). */
    public static RouteTable of(List<ServedRoutes> modules) {
        List<ServedRoutes> all = new ArrayList<>();
        all.add(EVERY_SERVICE);
        all.addAll(modules);
        return new RouteTable(all);
    }

    private static <T> void join(
            Map<String, T> joined, Map<String, String> declaredBy, ServedRoutes served, String pattern, T rule) {
        T known = joined.putIfAbsent(pattern, rule);
        if (known != null && known != rule) {
            throw new IllegalStateException(pattern + " is declared as " + known + " by "
                    + declaredBy.get(pattern + known) + " and as " + rule + " by " + served.module());
        }
        declaredBy.putIfAbsent(pattern + rule, served.module());
    }

    /** The family of the exchange's path (deny by default: {@link Family#OPERATOR} when none names it). */
    Family familyOf(ServerWebExchange exchange) {
        for (Family family : Family.values()) {
            if (Routes.matchesAny(families.get(family), exchange)) {
                return family;
            }
        }
        return Family.OPERATOR;
    }

    /** The patterns of one family, as declared. */
    List<String> patterns(Family family) {
        return familyPatterns.get(family);
    }

    /** The patterns counted under one per-client limit (none when no module of the process declares it). */
    public List<String> limitedPer(ClientLimit limit) {
        return limits.get(limit);
    }

    /** Whether the path (exactly) is a sign-in that needs no CSRF token. */
    boolean isSignIn(String path) {
        return signIns.contains(path);
    }

    /** Whether the exchange opens a stream capped per client address. */
    public boolean isCappedStream(ServerWebExchange exchange) {
        return Routes.matchesAny(streams, exchange);
    }

    ServerWebExchangeMatcher matcher(Family family) {
        return matcher(family, null);
    }

    /** Matches a family's paths, on any method or on one; never matches when the process has none of them. */
    ServerWebExchangeMatcher matcher(Family family, HttpMethod method) {
        List<PathPattern> patterns = families.get(family);
        return exchange ->
                (method == null || method.equals(exchange.getRequest().getMethod()))
                                && Routes.matchesAny(patterns, exchange)
                        ? MatchResult.match()
                        : MatchResult.notMatch();
    }
}
