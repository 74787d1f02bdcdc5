package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzValues.pick;

import io.dispatch.deploy.FuzzBodies.BodyCase;
import io.dispatch.deploy.FuzzRequest.Expect;
import io.dispatch.deploy.FuzzRoutes.Route;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Turns the route catalogue into cases: for each route a valid baseline request (credentials,
 * path ids of merchant A's own deliveries, required query parameters, a valid body), then one
 * mutation of it, drawn from the families that apply to the route: body, query, path, auth,
 * headers, content type, idempotency key, replay, method, raw transport. Each route gets a share
 * of the budget by weight (routes with a body get three shares, with query parameters two), so
 * every route is walked whatever the total.
 */
final class FuzzCases {

    /** A case is one request, or two that share an Idempotency-Key (the second judged against the first). */
    record FuzzCase(List<FuzzRequest> steps, Replay replay) {}

    enum Replay {
        NONE,
        SAME,
        DIFFERENT
    }

    private final FuzzWorld world;
    private final FuzzBodies bodies;
    private final FuzzCsv csv;
    private final FuzzQueries queries;
    private final FuzzHeaders headers;
    private final FuzzMutations mutations;

    FuzzCases(FuzzWorld world, FuzzBodies bodies, FuzzCsv csv, Map<String, Set<String>> methodsByTemplate) {
        this.world = world;
        this.bodies = bodies;
        this.csv = csv;
        this.queries = new FuzzQueries(world);
        this.headers = new FuzzHeaders(world);
        this.mutations = new FuzzMutations(world, methodsByTemplate);
    }

    List<FuzzCase> generate(List<Route> routes, int budget, Random random) {
        int weights = routes.stream().mapToInt(FuzzCases::weight).sum();
        List<FuzzCase> cases = new ArrayList<>();
        for (Route route : routes) {
            // the document's own pages (undocumented in it) are springdoc's, not the API: a few requests each
            int share =
                    Math.max(route.documented() ? 8 : 3, (int) Math.ceil((double) budget * weight(route) / weights));
            int requests = 0;
            while (requests < share) {
                FuzzCase generated = one(route, random);
                cases.add(generated);
                requests += generated.steps().size();
            }
        }
        Collections.shuffle(cases, random);
        int index = 0;
        List<FuzzCase> numbered = new ArrayList<>();
        for (FuzzCase c : cases) {
            List<FuzzRequest> steps = new ArrayList<>();
            for (FuzzRequest step : c.steps()) {
                steps.add(step.numbered(index++));
            }
            numbered.add(new FuzzCase(steps, c.replay()));
        }
        return numbered;
    }

    private static int weight(Route route) {
        if (!route.documented()) {
            return 0;
        }
        return route.bodyType() != null ? 3 : route.query().isEmpty() ? 1 : 2;
    }

    /** The mutation families and their weights; a family that does not apply to a route weighs 0. */
    private enum Family {
        BODY,
        VALID,
        QUERY,
        PATH,
        IDEMPOTENCY_KEY,
        REPLAY,
        CONTENT_TYPE,
        CREDENTIALS,
        HEADERS,
        METHOD,
        RAW
    }

    private static int weight(Family family, Route route) {
        boolean body = route.bodyType() != null;
        return switch (family) {
            case BODY -> body ? 42 : 0;
            case VALID -> 8;
            // a route's query string is its main input when it has documented parameters
            case QUERY -> !route.query().isEmpty() ? 30 : route.method().equals("GET") ? 6 : 0;
            case PATH -> route.pathParams().isEmpty() ? 0 : 12;
            case IDEMPOTENCY_KEY -> route.idempotent() ? 6 : 0;
            case REPLAY -> route.idempotent() ? 3 : 0;
            case CONTENT_TYPE -> body ? 5 : 0;
            case CREDENTIALS -> 6;
            case HEADERS -> 3;
            case METHOD -> 2;
            case RAW -> 6;
        };
    }

    FuzzCase one(Route route, Random random) {
        FuzzRequest base = baseline(route, random);
        int total = 0;
        for (Family family : Family.values()) {
            total += weight(family, route);
        }
        int roll = random.nextInt(total);
        Family chosen = Family.RAW;
        for (Family family : Family.values()) {
            roll -= weight(family, route);
            if (roll < 0) {
                chosen = family;
                break;
            }
        }
        return switch (chosen) {
            case BODY -> single(body(route, base, random));
            case VALID -> single(base.with("valid", base.expect()));
            case QUERY -> single(queries.query(route, base, random));
            case PATH -> single(mutations.path(route, base, random));
            case IDEMPOTENCY_KEY -> single(headers.idempotencyKey(base, random));
            case REPLAY -> replay(route, base, random);
            case CONTENT_TYPE -> single(headers.contentType(route, base, random));
            case CREDENTIALS -> single(headers.credentials(route, base, random));
            case HEADERS -> single(headers.headers(route, base, random));
            case METHOD -> single(mutations.method(route, base, random));
            case RAW -> single(mutations.raw(route, base, random));
        };
    }

    private static FuzzCase single(FuzzRequest request) {
        return new FuzzCase(List.of(request), Replay.NONE);
    }

    /** The baseline as a client that follows the documents sends it. */
    FuzzRequest baseline(Route route, Random random) {
        Map<String, String> values = new LinkedHashMap<>();
        String[] notification = world.notifications.isEmpty() ? null : pick(world.notifications, random);
        for (String name : route.pathParams()) {
            values.put(
                    name,
                    switch (name) {
                        case "id" ->
                            route.template().startsWith("/api/v1/admin/dispatch/whatif/")
                                    ? world.whatIfJob
                                    : notification != null && route.pathParams().contains("notificationId")
                                            ? notification[0]
                                            : pick(world.ownDeliveries, random);
                        case "notificationId" ->
                            notification != null
                                    ? notification[1]
                                    : UUID.randomUUID().toString();
                        case "merchantId" -> world.c.id();
                        case "keyId" -> pick(world.cKeyIds, random);
                        case "zoneId" -> "fuzz-" + random.nextInt(40);
                        case "token" -> pick(world.trackingTokens, random);
                        default -> new UUID(random.nextLong(), random.nextLong()).toString();
                    });
        }
        String path = route.template();
        for (var value : values.entrySet()) {
            path = path.replaceFirst("\\{\\*?" + value.getKey() + "}", value.getValue());
        }
        String target = path + FuzzQueries.query(FuzzQueries.validQuery(route));
        List<Map.Entry<String, String>> sent =
                new ArrayList<>(FuzzHeaders.credentialsOf(route.family(), world, "A", ""));
        if (route.idempotent()) {
            sent.add(Map.entry("Idempotency-Key", new UUID(random.nextLong(), random.nextLong()).toString()));
        }
        byte[] body = null;
        if (route.bodyType() != null) {
            sent.add(Map.entry("Content-Type", route.bodyType()));
            body = route.bodyType().equals("text/csv")
                    ? FuzzBodies.utf8(FuzzCsv.render(
                            List.of(
                                    "customerName",
                                    "customerPhone",
                                    "pickup.address",
                                    "dropoff.address",
                                    "paymentType"),
                            List.of(List.of("Amina Njeri", "+254700000001", "Moi Ave 1", "Ngong Rd 12", "COD"))))
                    : bodies.unmutated(route.bodySchema()).body();
        }
        return new FuzzRequest(
                -1, route.key(), "valid", route.method(), target, sent, body, baselineExpect(route), null);
    }

    /**
     * Routes without a path id whose valid request may be refused rightly: one rebuild at a time, and
     * the dispatch engine's decisions, which name a delivery in their body (a delivery the run never
     * made is 404, one that moved on 409, a decision without the fields its type needs 422).
     */
    private static final Set<String> ONE_AT_A_TIME =
            Set.of("POST /api/v1/admin/projections/rebuild", "POST /api/v1/admin/dispatch/decisions");

    /**
     * VALID when nothing in the service's state can make the valid request fail: reads, and routes
     * without a path id (creates, pings, quotes, the location report, stats). Anything acting on an
     * id that other cases move through its lifecycle may meet a 409 that is right, and so may a
     * second rebuild while the first runs.
     */
    /**
     * Reads of a resource a merchant may not have: a merchant the run created (POST /admin/merchants)
     * has no Shopify integration until one is connected, and its read is then a right 404; nor a
     * proof medium.
     */
    private static final Set<String> OPTIONAL_RESOURCES = Set.of(
            "GET /api/v1/admin/merchants/{merchantId}/integrations/shopify",
            // the run uploads no proof medium (ProofMediaTest does): an id it makes up is rightly 404
            "GET /api/v1/proof-media/{mediaId}");

    private static Expect baselineExpect(Route route) {
        if (!route.documented() || ONE_AT_A_TIME.contains(route.key()) || OPTIONAL_RESOURCES.contains(route.key())) {
            return Expect.ANY;
        }
        return route.method().equals("GET") || route.pathParams().isEmpty() ? Expect.VALID : Expect.ANY;
    }

    private FuzzRequest body(Route route, FuzzRequest base, Random random) {
        BodyCase mutated = route.bodyType().equals("text/csv")
                ? csv.mutate(random)
                : bodies.mutate(route.bodySchema(), route.bodyRequired(), random);
        return base.withBody(mutated.body()).with(mutated.label(), combine(base.expect(), mutated.expect()));
    }

    /** The mutation's verdict on top of the baseline's. */
    static Expect combine(Expect baseline, Expect mutation) {
        return switch (mutation) {
            case INVALID -> Expect.INVALID;
            case ANY -> baseline == Expect.INVALID ? Expect.INVALID : Expect.ANY;
            case KEEP, VALID -> baseline;
        };
    }

    /**
     * Two requests under one Idempotency-Key: the same again (the stored answer, replayed), or
     * another body or query (409 CONFLICT once the first answer is stored).
     */
    private FuzzCase replay(Route route, FuzzRequest base, Random random) {
        FuzzRequest first = random.nextBoolean() || route.bodyType() == null ? base : body(route, base, random);
        boolean same = random.nextBoolean();
        FuzzRequest second = first;
        if (!same) {
            second = route.bodyType() != null
                            && first.body() != null
                            && first.body().length > 0
                            && "application/json".equals(route.bodyType())
                    ? first.withBody(differentJson(first.body()))
                    : first.withTarget(first.target() + (first.target().contains("?") ? "&" : "?") + "zz=1");
        }
        return new FuzzCase(
                List.of(
                        first.with("replay:first " + first.label(), first.expect()),
                        second.with("replay:" + (same ? "same request" : "same key, other request"), Expect.ANY)),
                same ? Replay.SAME : Replay.DIFFERENT);
    }

    private static byte[] differentJson(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).stripTrailing();
        if (text.startsWith("{") && text.endsWith("}") && text.length() > 2) {
            return FuzzBodies.utf8("{\"zzReplay\":1," + text.substring(1));
        }
        return FuzzBodies.utf8("{\"zzReplay\":1}");
    }
}
