// A merchant's webhook endpoint in one file, for trying dispatch out: it prints each webhook it
// receives and checks its signature the way docs/webhooks.md tells merchants to.
//
//   java deploy/WebhookPrinter.java <port> [signingSecret]
//
// With a secret, a request whose X-Dispatch-Signature does not match (or whose timestamp is more
// than 5 minutes away) is answered 401 and dispatch retries it; without one, nothing is checked.
// Only the JDK is needed (no build): `java` runs this source file directly.

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class WebhookPrinter {

  private static final Pattern FIELD = Pattern.compile("\"(event|dispatch_id|status|failure_reason)\":\"([^\"]*)\"");

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: java deploy/WebhookPrinter.java <port> [signingSecret]");
      System.exit(2);
    }
    int port = Integer.parseInt(args[0]);
    String secret = args.length > 1 ? args[1] : null;
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.createContext("/", exchange -> {
      byte[] body = exchange.getRequestBody().readAllBytes();
      String timestamp = exchange.getRequestHeaders().getFirst("X-Dispatch-Timestamp");
      String signature = exchange.getRequestHeaders().getFirst("X-Dispatch-Signature");
      String check = secret == null ? "signature not checked" : verify(secret, timestamp, signature, body);
      StringBuilder line = new StringBuilder(LocalTime.now().truncatedTo(ChronoUnit.SECONDS).toString());
      Matcher m = FIELD.matcher(new String(body, StandardCharsets.UTF_8));
      while (m.find()) {
        line.append("  ").append(m.group(1).equals("event") ? "" : m.group(1) + "=").append(m.group(2));
      }
      System.out.println(line.append("  [").append(check).append("]"));
      exchange.sendResponseHeaders(check.startsWith("signature OK") || secret == null ? 204 : 401, -1);
      exchange.close();
    });
    server.start();
    System.out.println("Listening on http://127.0.0.1:" + port + "/webhooks"
        + (secret == null ? " (signatures not checked: pass the signing secret to check them)" : ""));
  }

  static String verify(String secret, String timestamp, String signature, byte[] body) {
    try {
      if (timestamp == null || signature == null) {
        return "BAD: no X-Dispatch-Timestamp or X-Dispatch-Signature";
      }
      if (Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(timestamp)) > 300) {
        return "BAD: timestamp more than 5 minutes away";
      }
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
      String expected = "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
      boolean ok = MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
          signature.getBytes(StandardCharsets.US_ASCII));
      return ok ? "signature OK" : "BAD signature";
    } catch (Exception e) {
      return "BAD: " + e;
    }
  }
}
