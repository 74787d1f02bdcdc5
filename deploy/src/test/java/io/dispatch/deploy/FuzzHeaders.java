package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzValues.pick;

import io.dispatch.deploy.FuzzRequest.Expect;
import io.dispatch.deploy.FuzzRoutes.Family;
import io.dispatch.deploy.FuzzRoutes.Route;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Header mutations: credentials missing, wrong, of another family, merchant or rider, read-only,
 * sent twice; odd Accept values, junk and oversized headers, the operator id; the
 * Idempotency-Key missing, too long, not printable ASCII, sent twice; content types refused or
 * odd, and bodies in other charsets. Each says what the documents make of the result.
 */
final class FuzzHeaders {

    private final FuzzWorld world;

    FuzzHeaders(FuzzWorld world) {
        this.world = world;
    }

    static List<Map.Entry<String, String>> credentialsOf(
            Family family, FuzzWorld world, String merchant, String scope) {
        return switch (family) {
            case MERCHANT ->
                List.of(Map.entry("X-API-Key", "{key:" + merchant + (scope.isEmpty() ? "" : ":" + scope) + "}"));
            case ADMIN -> List.of(Map.entry("X-Admin-Token", DispatchUnderTest.ADMIN_TOKEN));
            case RIDER -> List.of(Map.entry("X-Rider-Token", world.rider.token()));
            case PUBLIC -> List.of();
        };
    }

    private static final Map<Family, String> CREDENTIAL =
            Map.of(Family.MERCHANT, "X-API-Key", Family.ADMIN, "X-Admin-Token", Family.RIDER, "X-Rider-Token");

    FuzzRequest credentials(Route route, FuzzRequest base, Random random) {
        if (route.family() == Family.PUBLIC) {
            var headers = base.headersWith("X-API-Key", pick(List.of("{key:A}", "garbage", ""), random));
            return base.withHeaders(headers)
                    .with("auth:credential on a public route", FuzzCases.combine(base.expect(), Expect.ANY));
        }
        String header = CREDENTIAL.get(route.family());
        String own = base.header(header);
        boolean write = !route.method().equals("GET") && !route.template().endsWith("/ping");
        return switch (random.nextInt(9)) {
            case 0 -> base.withHeaders(base.headersWith(header, null)).with("auth:missing " + header, Expect.INVALID);
            case 1 -> base.withHeaders(base.headersWith(header, "")).with("auth:empty " + header, Expect.INVALID);
            case 2 -> {
                String wrong = pick(
                        List.of(
                                "key_x.y",
                                "garbage",
                                ".",
                                "key_00000000.",
                                "Bearer x",
                                "test-admin-tokeN",
                                "x".repeat(3000),
                                "%00",
                                "null",
                                (own == null ? "" : own) + "x"),
                        random);
                yield base.withHeaders(base.headersWith(header, wrong))
                        .with("auth:wrong " + header + " " + FuzzRequest.shorten(wrong, 20), Expect.INVALID);
            }
            case 3 -> {
                var swapped = new ArrayList<>(base.headersWith(header, null));
                swapped.add(
                        route.family() == Family.ADMIN
                                ? Map.entry("X-API-Key", "{key:A}")
                                : Map.entry("X-Admin-Token", DispatchUnderTest.ADMIN_TOKEN));
                yield base.withHeaders(swapped).with("auth:another family's credential", Expect.INVALID);
            }
            case 4 ->
                route.family() == Family.MERCHANT
                        ? base.withHeaders(base.headersWith(header, "{key:A:read}"))
                                .with(
                                        "auth:read-only key",
                                        write ? Expect.INVALID : FuzzCases.combine(base.expect(), Expect.KEEP))
                        : base.withHeaders(base.headersWith(header, (own == null ? "" : own).toUpperCase()))
                                .with("auth:credential upper-cased", Expect.INVALID);
            case 5 ->
                route.family() == Family.MERCHANT && route.pathParams().contains("id")
                        ? base.withHeaders(base.headersWith(header, "{key:B}"))
                                .with("auth:another merchant's key", Expect.INVALID)
                        : base.withHeaders(base.headersWith(header.toLowerCase(), own))
                                .with("auth:header name in lower case", FuzzCases.combine(base.expect(), Expect.KEEP));
            case 6 -> {
                var twice = new ArrayList<>(base.headers());
                twice.add(Map.entry(header, route.family() == Family.MERCHANT ? "{key:B}" : "garbage"));
                yield base.withHeaders(twice)
                        .with("auth:" + header + " twice", FuzzCases.combine(base.expect(), Expect.ANY));
            }
            case 7 ->
                route.family() == Family.RIDER
                        ? base.withHeaders(base.headersWith(header, world.otherRider.token()))
                                .with(
                                        "auth:another rider",
                                        route.pathParams().isEmpty()
                                                ? FuzzCases.combine(base.expect(), Expect.KEEP)
                                                : Expect.ANY)
                        : base.withHeaders(base.headersWith(header, own)).with("auth:valid", base.expect());
            default ->
                base.withHeaders(base.headersWith(header, (own == null ? "" : own) + "\t"))
                        .with("auth:trailing tab", FuzzCases.combine(base.expect(), Expect.ANY));
        };
    }

    FuzzRequest headers(Route route, FuzzRequest base, Random random) {
        List<Map.Entry<String, String>> headers = new ArrayList<>(base.headers());
        String label;
        switch (random.nextInt(6)) {
            case 0 -> {
                String accept = pick(FuzzValues.ACCEPTS, random);
                headers = base.headersWith("Accept", accept);
                label = "header:Accept " + accept;
            }
            case 1 -> {
                var junk = pick(
                        List.of(
                                Map.entry("X-Request-Id", "../../x"),
                                Map.entry("X-Forwarded-For", "1.2.3.4, garbage"),
                                Map.entry("Origin", "https://evil.example"),
                                Map.entry("Cookie", "SESSION=x; a=b"),
                                Map.entry("Authorization", "Bearer x"),
                                Map.entry("Range", "bytes=0-1"),
                                Map.entry("If-None-Match", "*"),
                                Map.entry("Content-Encoding", "gzip"),
                                Map.entry("X-HTTP-Method-Override", "DELETE"),
                                Map.entry("X-Dispatch-Bench-Bypass", "true"),
                                Map.entry("Accept-Charset", "utf-16"),
                                Map.entry("Accept-Encoding", "gzip, br, zstd")),
                        random);
                headers.add(junk);
                label = "header:" + junk.getKey() + ": " + junk.getValue();
            }
            case 2 -> {
                int size = pick(List.of(4_000, 7_000, 9_000, 20_000), random);
                headers.add(Map.entry("X-Fuzz", "h".repeat(size)));
                label = "header:X-Fuzz of " + size + " characters";
            }
            case 3 -> {
                for (int i = 0; i < 100; i++) {
                    headers.add(Map.entry("X-Fuzz-" + i, "v" + i));
                }
                label = "header:100 extra headers";
            }
            case 4 -> {
                if (route.hasHeader("X-Operator-Id")) {
                    String operator = pick(
                            List.of("ops-jane", "o".repeat(100), "o".repeat(101), "ops\tjane", "é", " ", "ops jane"),
                            random);
                    boolean refused = operator.length() > 100
                            || operator.contains("\t")
                            || operator.chars().anyMatch(c -> c > 0x7e);
                    return base.withHeaders(base.headersWith("X-Operator-Id", operator))
                            .with(
                                    "header:X-Operator-Id " + FuzzRequest.shorten(FuzzRequest.visible(operator), 20),
                                    refused ? Expect.INVALID : FuzzCases.combine(base.expect(), Expect.KEEP));
                }
                headers.add(Map.entry("X-Operator-Id", "ops\tjane"));
                label = "header:X-Operator-Id where none is read";
            }
            default -> {
                headers.add(Map.entry("X-Fuzz", pick(FuzzValues.STRINGS, random).replaceAll("[\\r\\n]", "")));
                label = "header:hostile value";
            }
        }
        return base.withHeaders(headers).with(label, FuzzCases.combine(base.expect(), Expect.ANY));
    }

    FuzzRequest idempotencyKey(FuzzRequest base, Random random) {
        String fresh = new UUID(random.nextLong(), random.nextLong()).toString();
        return switch (random.nextInt(8)) {
            case 0 ->
                base.withHeaders(base.headersWith("Idempotency-Key", null)).with("idem:missing", Expect.INVALID);
            case 1 -> base.withHeaders(base.headersWith("Idempotency-Key", "")).with("idem:empty", Expect.INVALID);
            case 2 -> {
                String bad = pick(FuzzValues.BAD_IDEMPOTENCY_KEYS, random);
                yield base.withHeaders(base.headersWith("Idempotency-Key", bad))
                        .with(
                                "idem:" + FuzzRequest.shorten(FuzzRequest.visible(bad), 12) + " (" + bad.length()
                                        + " chars)",
                                Expect.INVALID);
            }
            case 3 ->
                base.withHeaders(base.headersWith("Idempotency-Key", (fresh + "k".repeat(255)).substring(0, 255)))
                        .with("idem:255 characters", FuzzCases.combine(base.expect(), Expect.KEEP));
            case 4 ->
                base.withHeaders(base.headersWith("Idempotency-Key", "!#$%&'()*+,-./:;<=>?@[]^_`{|}~" + fresh))
                        .with("idem:punctuation", FuzzCases.combine(base.expect(), Expect.KEEP));
            case 5 -> {
                var twice = new ArrayList<>(base.headers());
                twice.add(Map.entry("Idempotency-Key", fresh));
                yield base.withHeaders(twice).with("idem:twice", FuzzCases.combine(base.expect(), Expect.ANY));
            }
            case 6 -> base.bent(FuzzRawBend.UTF8_IDEMPOTENCY_KEY).with("idem:UTF-8 bytes", Expect.INVALID);
            default ->
                base.withHeaders(base.headersWith("idempotency-key", fresh))
                        .with("idem:lower-case name", FuzzCases.combine(base.expect(), Expect.KEEP));
        };
    }

    FuzzRequest contentType(Route route, FuzzRequest base, Random random) {
        boolean csv = "text/csv".equals(route.bodyType());
        return switch (random.nextInt(4)) {
            case 0 -> {
                String type = csv
                        ? pick(List.of("application/json", "text/plain", "application/octet-stream"), random)
                        : pick(FuzzValues.REFUSED_TYPES, random);
                yield base.withHeaders(base.headersWith("Content-Type", type)).with("type:" + type, Expect.INVALID);
            }
            case 1 -> base.withHeaders(base.headersWith("Content-Type", null)).with("type:missing", Expect.INVALID);
            case 2 -> {
                String type = csv
                        ? pick(List.of("text/csv; charset=utf-8", "TEXT/CSV", "text/csv; header=present"), random)
                        : pick(FuzzValues.ODD_JSON_TYPES, random);
                yield base.withHeaders(base.headersWith("Content-Type", type))
                        .with("type:" + type, FuzzCases.combine(base.expect(), Expect.ANY));
            }
            default -> {
                String charset = pick(List.of("UTF-16", "UTF-16LE", "UTF-32", "ISO-8859-1"), random);
                byte[] recoded = new String(base.body(), StandardCharsets.UTF_8)
                        .getBytes(java.nio.charset.Charset.forName(charset));
                yield base.withBody(recoded)
                        .withHeaders(base.headersWith("Content-Type", route.bodyType() + "; charset=" + charset))
                        .with("type:body in " + charset, FuzzCases.combine(base.expect(), Expect.ANY));
            }
        };
    }
}
