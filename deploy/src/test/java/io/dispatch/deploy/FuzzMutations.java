package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzValues.pick;

import io.dispatch.deploy.FuzzRequest.Expect;
import io.dispatch.deploy.FuzzRoutes.Family;
import io.dispatch.deploy.FuzzRoutes.Route;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Path ids (unknown, malformed, percent-encoded, very long, another merchant's), methods a route
 * does not take, and the raw transport bends. Each says what the documents make of the result.
 */
final class FuzzMutations {

    private final FuzzWorld world;
    private final Map<String, Set<String>> methodsByTemplate;

    FuzzMutations(FuzzWorld world, Map<String, Set<String>> methodsByTemplate) {
        this.world = world;
        this.methodsByTemplate = methodsByTemplate;
    }

    FuzzRequest path(Route route, FuzzRequest base, Random random) {
        String param = pick(route.pathParams(), random);
        String value;
        String how;
        Expect expect;
        int roll = random.nextInt(10);
        if (roll < 3 && param.equals("id") && route.family() == Family.MERCHANT) {
            value = pick(world.otherDeliveries, random);
            how = "another merchant's delivery";
            expect = Expect.INVALID;
        } else if (roll < 5 && !param.equals("zoneId")) {
            value = new UUID(random.nextLong(), random.nextLong()).toString();
            how = "unknown id";
            expect = param.equals("token") ? Expect.ANY : Expect.INVALID;
        } else if (roll < 6 && param.equals("token")) {
            value = "A".repeat(pick(List.of(15, 16, 64, 65), random));
            how = "token of " + value.length() + " characters";
            expect = Expect.INVALID;
        } else {
            value = pick(FuzzValues.PATH_IDS, random);
            how = FuzzRequest.shorten(value, 40);
            expect = Expect.INVALID;
        }
        if (param.equals("zoneId")) {
            // lower-case letters, digits, - and _ (operator docs): a PUT of such an id creates a zone, which a
            // DELETE may then find
            expect = value.matches("[a-z0-9_-]+") ? Expect.ANY : Expect.INVALID;
        }
        if (route.template().startsWith("/track/") || !route.documented()) {
            expect = Expect.ANY; // the HTML page is the same for every token; of undocumented routes nothing is known
        }
        String path = route.template();
        for (String name : route.pathParams()) {
            String current = name.equals(param) ? value : segment(base, route, name);
            path = path.replaceFirst("\\{\\*?" + name + "}", java.util.regex.Matcher.quoteReplacement(current));
        }
        String target = path
                + (base.target().contains("?")
                        ? base.target().substring(base.target().indexOf('?'))
                        : "");
        return base.withTarget(target).with("path:" + param + " " + how, FuzzCases.combine(base.expect(), expect));
    }

    /** The baseline's value of a path parameter, read back from its target. */
    private static String segment(FuzzRequest base, Route route, String name) {
        String[] template = route.template().split("/");
        String[] actual = FuzzQueries.pathOf(base).split("/");
        for (int i = 0; i < template.length; i++) {
            if (template[i].equals("{" + name + "}") || template[i].equals("{*" + name + "}")) {
                return actual[i];
            }
        }
        return "x";
    }

    FuzzRequest method(Route route, FuzzRequest base, Random random) {
        Set<String> allowed = methodsByTemplate.getOrDefault(route.template(), Set.of(route.method()));
        List<String> others = new ArrayList<>(List.of("GET", "POST", "PUT", "PATCH", "DELETE").stream()
                .filter(m -> !allowed.contains(m))
                .toList());
        others.addAll(List.of("HEAD", "OPTIONS", "TRACE", "FUZZ"));
        String method = pick(others, random);
        Expect expect = Set.of("HEAD", "OPTIONS").contains(method) ? Expect.ANY : Expect.INVALID;
        byte[] body = method.equals("GET") || method.equals("HEAD") ? null : base.body();
        return base.withMethod(method).withBody(body).with("method:" + method, expect);
    }

    FuzzRequest raw(Route route, FuzzRequest base, Random random) {
        List<FuzzRawBend> bends = new ArrayList<>(List.of(FuzzRawBend.values()));
        bends.remove(FuzzRawBend.UTF8_IDEMPOTENCY_KEY);
        bends.remove(FuzzRawBend.PLAIN);
        FuzzRawBend bend = pick(bends, random);
        return base.bent(bend).with("raw:" + bend.describe(), bend.expect(base.expect(), route));
    }
}
