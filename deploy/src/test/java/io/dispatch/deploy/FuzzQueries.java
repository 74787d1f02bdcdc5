package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzValues.pick;

import io.dispatch.deploy.FuzzRequest.Expect;
import io.dispatch.deploy.FuzzRoutes.Param;
import io.dispatch.deploy.FuzzRoutes.Route;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Query-string mutations: a parameter missing, empty, repeated, at and past its documented
 * bounds, of the wrong kind, percent-encoded wrongly; cursors cut, altered, another merchant's,
 * or used with other filters; a boolean spelt otherwise than true or false. Each says what the
 * documents make of the result.
 */
final class FuzzQueries {

    /** Values of a query parameter; "raw:" ones are sent exactly as written (already percent-encoded). */
    private static final List<String> QUERY_JUNK = List.of(
            "abc",
            "1.5",
            "1e2",
            "NaN",
            "Infinity",
            "-Infinity",
            "+5",
            "05",
            " 5",
            "0x10",
            "٣",
            "１",
            "99999999999999999999",
            "-0",
            "5;x",
            "raw:%00",
            "raw:%zz",
            "raw:%F0%9F%9A%9A",
            "raw:%ED%A0%80",
            "a".repeat(5000),
            "1,5",
            "-1.2841e0",
            "0x1p1",
            "1d",
            "null",
            "[]");

    private static final Map<String, String> VALID_QUERY = Map.of(
            "pickup_lat",
            "-1.2841",
            "pickup_lng",
            "36.8219",
            "dropoff_lat",
            "-1.3001",
            "dropoff_lng",
            "36.7833",
            "limit",
            "10");

    private final FuzzWorld world;

    FuzzQueries(FuzzWorld world) {
        this.world = world;
    }

    static Map<String, String> validQuery(Route route) {
        Map<String, String> query = new LinkedHashMap<>();
        for (Param p : route.query()) {
            if (p.required() || VALID_QUERY.containsKey(p.name())) {
                query.put(p.name(), VALID_QUERY.getOrDefault(p.name(), "1"));
            }
        }
        return query;
    }

    static String query(Map<String, String> values) {
        StringBuilder out = new StringBuilder();
        values.forEach((name, value) ->
                out.append(out.isEmpty() ? "?" : "&").append(name).append('=').append(encode(value)));
        return out.toString();
    }

    private static String encode(String value) {
        if (value.startsWith("raw:")) {
            return value.substring(4);
        }
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String pathOf(FuzzRequest base) {
        int q = base.target().indexOf('?');
        return q < 0 ? base.target() : base.target().substring(0, q);
    }

    FuzzRequest query(Route route, FuzzRequest base, Random random) {
        Map<String, String> values = validQuery(route);
        String path = pathOf(base);
        if (route.query().isEmpty()) {
            String extra = "?"
                    + pick(
                            List.of("zz=1", "limit=0", "a=%00", "__proto__=x", "x=" + "y".repeat(5000), "&&&=", "%zz"),
                            random);
            return base.withTarget(path + extra)
                    .with("query:on a route without one " + FuzzRequest.shorten(extra, 30), Expect.ANY);
        }
        Param param = pick(route.query(), random);
        String name = param.name();
        String value;
        String how;
        Expect expect;
        // a cursor is all or nothing: its mutations are the cursor's own (cut, altered, another merchant's);
        // the pull feed's is called after
        boolean cursorParam = name.equals("cursor") || name.equals("after");
        switch (cursorParam ? 6 : random.nextInt(7)) {
            case 0 -> {
                values.remove(name);
                return base.withTarget(path + query(values))
                        .with(
                                "query:without " + name,
                                param.required() ? Expect.INVALID : FuzzCases.combine(base.expect(), Expect.KEEP));
            }
            case 1 -> {
                String other = pick(List.of("1", "500", "abc", ""), random);
                return base.withTarget(
                                path + query(values) + (values.isEmpty() ? "?" : "&") + name + "=" + encode(other))
                        .with("query:" + name + " twice", FuzzCases.combine(base.expect(), Expect.ANY));
            }
            case 2 -> {
                value = "";
                how = "empty";
                expect = verdict(param, value);
            }
            case 3, 4 -> {
                value = boundary(param, random);
                how = "boundary " + value;
                expect = verdict(param, value);
            }
            default -> {
                if (cursorParam) {
                    String[] cursor = cursor(random);
                    value = cursor[0];
                    how = cursor[1];
                    // the world's cursors are pages of the delivery list; another list's cursor is its own kind
                    boolean deliveryList = path.equals("/api/v1/external/dispatches");
                    expect = !deliveryList
                            ? Expect.ANY
                            : switch (cursor[2]) {
                                case "keep" -> Expect.KEEP;
                                case "any" -> Expect.ANY;
                                default -> Expect.INVALID;
                            };
                    if (how.equals("own cursor, other filter")) {
                        values.put("status", "NEW");
                    }
                } else {
                    value = pick(QUERY_JUNK, random);
                    how = FuzzRequest.shorten(value, 30);
                    expect = verdict(param, value);
                }
            }
        }
        values.put(name, value);
        if (name.equals("dryRun") && value.equals("true")) {
            // a preview answers 200 for a file with invalid rows too (naming them); only file-level faults are 422
            return base.withTarget(path + query(values)).with("query:" + name + " " + how, Expect.ANY);
        }
        return base.withTarget(path + query(values))
                .with("query:" + name + " " + how, FuzzCases.combine(base.expect(), expect));
    }

    /** {value, label, "keep", "any" or "invalid"}: a cursor works only as issued, to its merchant, with its filters. */
    private String[] cursor(Random random) {
        String own = world.ownCursor;
        return switch (random.nextInt(8)) {
            case 0 -> new String[] {own, "own cursor", "keep"};
            case 1 -> new String[] {own, "own cursor, other filter", "invalid"};
            case 2 -> new String[] {world.otherCursor, "another merchant's cursor", "invalid"};
            case 3 -> new String[] {own.substring(0, own.length() - 3), "cursor cut short", "invalid"};
            case 4 ->
                new String[] {
                    own.substring(0, 5) + (own.charAt(5) == 'A' ? 'B' : 'A') + own.substring(6),
                    "cursor with a letter changed",
                    "invalid"
                };
            // base64 padding decodes to the same signed bytes: the same cursor, spelled otherwise
            case 5 -> new String[] {own + "=", "cursor with padding", "any"};
            case 6 -> new String[] {"raw:%00" + own, "cursor after a NUL", "invalid"};
            default -> {
                String junk = pick(List.of("x", "AAAA", "djF8MHwwMDAwfHw", "a".repeat(3000), "!!!", "null"), random);
                yield new String[] {junk, "junk cursor " + FuzzRequest.shorten(junk, 12), "invalid"};
            }
        };
    }

    private static String boundary(Param param, Random random) {
        String name = param.name();
        if (name.endsWith("_lat") || name.endsWith("_lng")) {
            int bound = name.endsWith("_lat") ? 90 : 180;
            return pick(
                    List.of(
                            bound + "",
                            "-" + bound,
                            bound + ".0000001",
                            "-" + bound + ".0000001",
                            bound + ".0",
                            "0",
                            "-0.0",
                            "1e-300"),
                    random);
        }
        if (param.schema() != null && param.schema().path("type").asText().equals("boolean")) {
            return pick(List.of("true", "false", "TRUE", "1", "yes", "true "), random);
        }
        if (param.schema() != null && param.schema().has("enum")) {
            List<String> members = new ArrayList<>();
            param.schema().get("enum").forEach(m -> members.add(m.asText()));
            String member = pick(members, random);
            return pick(List.of(member, member.toLowerCase(), member + " ", "UNKNOWN"), random);
        }
        long min = param.schema() == null ? 1 : param.schema().path("minimum").asLong(1);
        long max = param.schema() == null ? 200 : param.schema().path("maximum").asLong(200);
        return pick(List.of(min + "", max + "", (min - 1) + "", (max + 1) + "", "2147483648", "-2147483649"), random);
    }

    /** What the documents make of a query value (cursor placeholders are resolved by the caller). */
    private Expect verdict(Param param, String value) {
        String name = param.name();
        if (name.equals("cursor")) {
            return Expect.INVALID; // anything but a cursor as issued
        }
        if (param.schema() != null && param.schema().has("enum")) {
            for (var member : param.schema().get("enum")) {
                if (member.asText().equals(value)) {
                    return Expect.KEEP;
                }
            }
            return Expect.INVALID;
        }
        if (param.schema() != null && param.schema().path("type").asText().equals("boolean")) {
            return value.equals("true") || value.equals("false") ? Expect.KEEP : Expect.INVALID;
        }
        if (name.endsWith("_lat") || name.endsWith("_lng")) {
            return coordinate(value, name.endsWith("_lat") ? 90 : 180);
        }
        if (param.schema() != null && param.schema().path("type").asText().equals("integer")) {
            return integer(
                    value,
                    param.schema().path("minimum").asLong(Long.MIN_VALUE),
                    param.schema().path("maximum").asLong(Long.MAX_VALUE));
        }
        return Expect.ANY;
    }

    private static Expect coordinate(String value, int bound) {
        if (value.matches("-?[0-9]+(\\.[0-9]+)?")) {
            return new java.math.BigDecimal(value).abs().compareTo(java.math.BigDecimal.valueOf(bound)) <= 0
                    ? Expect.KEEP
                    : Expect.INVALID;
        }
        if (value.isBlank()
                || value.matches("(?i)[-+]?(nan|infinity)")
                || !value.matches(".*[0-9].*")
                || value.startsWith("raw:")
                || value.contains(",")
                || value.contains(";")) {
            return Expect.INVALID;
        }
        return Expect.ANY; // 1e2, +5, 0x1p1, 1d: numbers to some readers, not to others
    }

    private static Expect integer(String value, long min, long max) {
        if (value.matches("-?[0-9]{1,18}")) {
            long n = Long.parseLong(value);
            return n < min || n > max ? Expect.INVALID : Expect.KEEP;
        }
        if (value.matches("-?[0-9]+")) {
            return Expect.INVALID; // past a long: past any documented maximum
        }
        if (value.matches("[+ ]?0*[0-9]+ ?") || value.equals("-0")) {
            return Expect.ANY;
        }
        return Expect.INVALID;
    }
}
