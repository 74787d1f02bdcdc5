package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzValues.pick;

import io.dispatch.deploy.FuzzRequest.Expect;
import io.dispatch.deploy.FuzzRoutes.Family;
import io.dispatch.deploy.FuzzRoutes.Param;
import io.dispatch.deploy.FuzzRoutes.Route;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * The mutations of a baseline request other than its body: query strings, path ids,
 * credentials, other headers, the Idempotency-Key, the content type, the method, and the raw
 * transport bends. Each says what the documents make of the result.
 */
final class FuzzMutations {

  /** Values of a query parameter; "raw:" ones are sent exactly as written (already percent-encoded). */
  private static final List<String> QUERY_JUNK = List.of(
      "abc", "1.5", "1e2", "NaN", "Infinity", "-Infinity", "+5", "05", " 5", "0x10", "٣", "１", "99999999999999999999",
      "-0", "5;x", "raw:%00", "raw:%zz", "raw:%F0%9F%9A%9A", "raw:%ED%A0%80", "a".repeat(5000), "1,5", "-1.2841e0",
      "0x1p1", "1d", "null", "[]");
  private static final Map<String, String> VALID_QUERY = Map.of(
      "pickup_lat", "-1.2841", "pickup_lng", "36.8219", "dropoff_lat", "-1.3001", "dropoff_lng", "36.7833", "limit", "10");

  private final FuzzWorld world;
  private final Map<String, Set<String>> methodsByTemplate;

  FuzzMutations(FuzzWorld world, Map<String, Set<String>> methodsByTemplate) {
    this.world = world;
    this.methodsByTemplate = methodsByTemplate;
  }

  // --- query ----------------------------------------------------------------------------------

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
    values.forEach((name, value) -> out.append(out.isEmpty() ? "?" : "&").append(name).append('=').append(encode(value)));
    return out.toString();
  }

  private static String encode(String value) {
    if (value.startsWith("raw:")) {
      return value.substring(4);
    }
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String pathOf(FuzzRequest base) {
    int q = base.target().indexOf('?');
    return q < 0 ? base.target() : base.target().substring(0, q);
  }

  FuzzRequest query(Route route, FuzzRequest base, Random random) {
    Map<String, String> values = validQuery(route);
    String path = pathOf(base);
    if (route.query().isEmpty()) {
      String extra = "?" + pick(List.of("zz=1", "limit=0", "a=%00", "__proto__=x", "x=" + "y".repeat(5000), "&&&=", "%zz"),
          random);
      return base.withTarget(path + extra).with("query:on a route without one " + FuzzRequest.shorten(extra, 30), Expect.ANY);
    }
    Param param = pick(route.query(), random);
    String name = param.name();
    String value;
    String how;
    Expect expect;
    switch (random.nextInt(7)) {
      case 0 -> {
        values.remove(name);
        return base.withTarget(path + query(values))
            .with("query:without " + name, param.required() ? Expect.INVALID : FuzzCases.combine(base.expect(), Expect.KEEP));
      }
      case 1 -> {
        String other = pick(List.of("1", "500", "abc", ""), random);
        return base.withTarget(path + query(values) + (values.isEmpty() ? "?" : "&") + name + "=" + encode(other))
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
        if (name.equals("cursor")) {
          String[] cursor = cursor(random);
          value = cursor[0];
          how = cursor[1];
          expect = cursor[2].equals("keep") ? Expect.KEEP : Expect.INVALID;
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
    return base.withTarget(path + query(values)).with("query:" + name + " " + how, FuzzCases.combine(base.expect(), expect));
  }

  /** {value, label, "keep" or "invalid"}: a cursor works only as issued, to its merchant, with its filters. */
  private String[] cursor(Random random) {
    String own = world.ownCursor;
    return switch (random.nextInt(8)) {
      case 0 -> new String[] {own, "own cursor", "keep"};
      case 1 -> new String[] {own, "own cursor, other filter", "invalid"};
      case 2 -> new String[] {world.otherCursor, "another merchant's cursor", "invalid"};
      case 3 -> new String[] {own.substring(0, own.length() - 3), "cursor cut short", "invalid"};
      case 4 -> new String[] {own.substring(0, 5) + (own.charAt(5) == 'A' ? 'B' : 'A') + own.substring(6),
          "cursor with a letter changed", "invalid"};
      case 5 -> new String[] {own + "=", "cursor with padding", "invalid"};
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
      return pick(List.of(bound + "", "-" + bound, bound + ".0000001", "-" + bound + ".0000001", bound + ".0", "0", "-0.0",
          "1e-300"), random);
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
    if (name.endsWith("_lat") || name.endsWith("_lng")) {
      return coordinate(value, name.endsWith("_lat") ? 90 : 180);
    }
    if (param.schema() != null && param.schema().path("type").asText().equals("integer")) {
      return integer(value, param.schema().path("minimum").asLong(Long.MIN_VALUE),
          param.schema().path("maximum").asLong(Long.MAX_VALUE));
    }
    return Expect.ANY;
  }

  private static Expect coordinate(String value, int bound) {
    if (value.matches("-?[0-9]+(\\.[0-9]+)?")) {
      return new java.math.BigDecimal(value).abs().compareTo(java.math.BigDecimal.valueOf(bound)) <= 0
          ? Expect.KEEP : Expect.INVALID;
    }
    if (value.isBlank() || value.matches("(?i)[-+]?(nan|infinity)") || !value.matches(".*[0-9].*")
        || value.startsWith("raw:") || value.contains(",") || value.contains(";")) {
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

  // --- path ----------------------------------------------------------------------------------

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
    String target = path + (base.target().contains("?") ? base.target().substring(base.target().indexOf('?')) : "");
    return base.withTarget(target).with("path:" + param + " " + how, FuzzCases.combine(base.expect(), expect));
  }

  /** The baseline's value of a path parameter, read back from its target. */
  private static String segment(FuzzRequest base, Route route, String name) {
    String[] template = route.template().split("/");
    String[] actual = pathOf(base).split("/");
    for (int i = 0; i < template.length; i++) {
      if (template[i].equals("{" + name + "}") || template[i].equals("{*" + name + "}")) {
        return actual[i];
      }
    }
    return "x";
  }

  // --- credentials, headers, idempotency, content type, method ---------------------------------

  static List<Map.Entry<String, String>> credentialsOf(Family family, FuzzWorld world, String merchant, String scope) {
    return switch (family) {
      case MERCHANT -> List.of(Map.entry("X-API-Key", "{key:" + merchant + (scope.isEmpty() ? "" : ":" + scope) + "}"));
      case ADMIN -> List.of(Map.entry("X-Admin-Token", DispatchUnderTest.ADMIN_TOKEN));
      case RIDER -> List.of(Map.entry("X-Rider-Token", world.rider.token()));
      case PUBLIC -> List.of();
    };
  }

  private static final Map<Family, String> CREDENTIAL = Map.of(
      Family.MERCHANT, "X-API-Key", Family.ADMIN, "X-Admin-Token", Family.RIDER, "X-Rider-Token");

  FuzzRequest credentials(Route route, FuzzRequest base, Random random) {
    if (route.family() == Family.PUBLIC) {
      var headers = base.headersWith("X-API-Key", pick(List.of("{key:A}", "garbage", ""), random));
      return base.withHeaders(headers).with("auth:credential on a public route", FuzzCases.combine(base.expect(), Expect.ANY));
    }
    String header = CREDENTIAL.get(route.family());
    String own = base.header(header);
    boolean write = !route.method().equals("GET") && !route.template().endsWith("/ping");
    return switch (random.nextInt(9)) {
      case 0 -> base.withHeaders(base.headersWith(header, null)).with("auth:missing " + header, Expect.INVALID);
      case 1 -> base.withHeaders(base.headersWith(header, "")).with("auth:empty " + header, Expect.INVALID);
      case 2 -> {
        String wrong = pick(List.of("key_x.y", "garbage", ".", "key_00000000.", "Bearer x", "test-admin-tokeN",
            "x".repeat(3000), "%00", "null", (own == null ? "" : own) + "x"), random);
        yield base.withHeaders(base.headersWith(header, wrong)).with("auth:wrong " + header + " "
            + FuzzRequest.shorten(wrong, 20), Expect.INVALID);
      }
      case 3 -> {
        var swapped = new ArrayList<>(base.headersWith(header, null));
        swapped.add(route.family() == Family.ADMIN ? Map.entry("X-API-Key", "{key:A}")
            : Map.entry("X-Admin-Token", DispatchUnderTest.ADMIN_TOKEN));
        yield base.withHeaders(swapped).with("auth:another family's credential", Expect.INVALID);
      }
      case 4 -> route.family() == Family.MERCHANT
          ? base.withHeaders(base.headersWith(header, "{key:A:read}")).with("auth:read-only key",
              write ? Expect.INVALID : FuzzCases.combine(base.expect(), Expect.KEEP))
          : base.withHeaders(base.headersWith(header, (own == null ? "" : own).toUpperCase()))
              .with("auth:credential upper-cased", Expect.INVALID);
      case 5 -> route.family() == Family.MERCHANT && route.pathParams().contains("id")
          ? base.withHeaders(base.headersWith(header, "{key:B}")).with("auth:another merchant's key", Expect.INVALID)
          : base.withHeaders(base.headersWith(header.toLowerCase(), own)).with("auth:header name in lower case",
              FuzzCases.combine(base.expect(), Expect.KEEP));
      case 6 -> {
        var twice = new ArrayList<>(base.headers());
        twice.add(Map.entry(header, route.family() == Family.MERCHANT ? "{key:B}" : "garbage"));
        yield base.withHeaders(twice).with("auth:" + header + " twice", FuzzCases.combine(base.expect(), Expect.ANY));
      }
      case 7 -> route.family() == Family.RIDER
          ? base.withHeaders(base.headersWith(header, world.otherRider.token())).with("auth:another rider",
              route.pathParams().isEmpty() ? FuzzCases.combine(base.expect(), Expect.KEEP) : Expect.ANY)
          : base.withHeaders(base.headersWith(header, own)).with("auth:valid", base.expect());
      default -> base.withHeaders(base.headersWith(header, (own == null ? "" : own) + "\t"))
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
        var junk = pick(List.of(Map.entry("X-Request-Id", "../../x"), Map.entry("X-Forwarded-For", "1.2.3.4, garbage"),
            Map.entry("Origin", "https://evil.example"), Map.entry("Cookie", "SESSION=x; a=b"),
            Map.entry("Authorization", "Bearer x"), Map.entry("Range", "bytes=0-1"), Map.entry("If-None-Match", "*"),
            Map.entry("Content-Encoding", "gzip"), Map.entry("X-HTTP-Method-Override", "DELETE"),
            Map.entry("X-Dispatch-Bench-Bypass", "true"), Map.entry("Accept-Charset", "utf-16"),
            Map.entry("Accept-Encoding", "gzip, br, zstd")), random);
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
          String operator = pick(List.of("ops-jane", "o".repeat(100), "o".repeat(101), "ops\tjane", "é", " ", "ops jane"),
              random);
          boolean refused = operator.length() > 100 || operator.contains("\t") || operator.chars().anyMatch(c -> c > 0x7e);
          return base.withHeaders(base.headersWith("X-Operator-Id", operator)).with("header:X-Operator-Id "
              + FuzzRequest.shorten(FuzzRequest.visible(operator), 20), refused ? Expect.INVALID
              : FuzzCases.combine(base.expect(), Expect.KEEP));
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
      case 0 -> base.withHeaders(base.headersWith("Idempotency-Key", null)).with("idem:missing", Expect.INVALID);
      case 1 -> base.withHeaders(base.headersWith("Idempotency-Key", "")).with("idem:empty", Expect.INVALID);
      case 2 -> {
        String bad = pick(FuzzValues.BAD_IDEMPOTENCY_KEYS, random);
        yield base.withHeaders(base.headersWith("Idempotency-Key", bad)).with("idem:" + FuzzRequest.shorten(
            FuzzRequest.visible(bad), 12) + " (" + bad.length() + " chars)", Expect.INVALID);
      }
      case 3 -> base.withHeaders(base.headersWith("Idempotency-Key", (fresh + "k".repeat(255)).substring(0, 255)))
          .with("idem:255 characters", FuzzCases.combine(base.expect(), Expect.KEEP));
      case 4 -> base.withHeaders(base.headersWith("Idempotency-Key", "!#$%&'()*+,-./:;<=>?@[]^_`{|}~" + fresh))
          .with("idem:punctuation", FuzzCases.combine(base.expect(), Expect.KEEP));
      case 5 -> {
        var twice = new ArrayList<>(base.headers());
        twice.add(Map.entry("Idempotency-Key", fresh));
        yield base.withHeaders(twice).with("idem:twice", FuzzCases.combine(base.expect(), Expect.ANY));
      }
      case 6 -> base.bent(FuzzRawBend.UTF8_IDEMPOTENCY_KEY).with("idem:UTF-8 bytes", Expect.INVALID);
      default -> base.withHeaders(base.headersWith("idempotency-key", fresh)).with("idem:lower-case name",
          FuzzCases.combine(base.expect(), Expect.KEEP));
    };
  }

  FuzzRequest contentType(Route route, FuzzRequest base, Random random) {
    boolean csv = "text/csv".equals(route.bodyType());
    return switch (random.nextInt(4)) {
      case 0 -> {
        String type = csv ? pick(List.of("application/json", "text/plain", "application/octet-stream"), random)
            : pick(FuzzValues.REFUSED_TYPES, random);
        yield base.withHeaders(base.headersWith("Content-Type", type)).with("type:" + type, Expect.INVALID);
      }
      case 1 -> base.withHeaders(base.headersWith("Content-Type", null)).with("type:missing", Expect.INVALID);
      case 2 -> {
        String type = csv ? pick(List.of("text/csv; charset=utf-8", "TEXT/CSV", "text/csv; header=present"), random)
            : pick(FuzzValues.ODD_JSON_TYPES, random);
        yield base.withHeaders(base.headersWith("Content-Type", type)).with("type:" + type,
            FuzzCases.combine(base.expect(), Expect.ANY));
      }
      default -> {
        String charset = pick(List.of("UTF-16", "UTF-16LE", "UTF-32", "ISO-8859-1"), random);
        byte[] recoded = new String(base.body(), StandardCharsets.UTF_8).getBytes(java.nio.charset.Charset.forName(charset));
        yield base.withBody(recoded).withHeaders(base.headersWith("Content-Type", route.bodyType() + "; charset=" + charset))
            .with("type:body in " + charset, FuzzCases.combine(base.expect(), Expect.ANY));
      }
    };
  }

  FuzzRequest method(Route route, FuzzRequest base, Random random) {
    Set<String> allowed = methodsByTemplate.getOrDefault(route.template(), Set.of(route.method()));
    List<String> others = new ArrayList<>(List.of("GET", "POST", "PUT", "PATCH", "DELETE").stream()
        .filter(m -> !allowed.contains(m)).toList());
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
