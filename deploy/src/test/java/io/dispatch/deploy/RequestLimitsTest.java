package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The limits of one request, against the whole running service over real HTTP: headers over
 * their limit answer 431 in the envelope; a request head sent a byte a second is closed after
 * the head timeout (2 s here, 10 s by default).
 */
class RequestLimitsTest {

  private static DispatchUnderTest dispatch;
  private static Merchant merchant;
  private static ScheduledExecutorService pacer;

  @BeforeAll
  static void start() throws Exception {
    dispatch = DispatchUnderTest.get();
    merchant = dispatch.newMerchant("Limits");
    pacer = Executors.newSingleThreadScheduledExecutor();
  }

  @AfterAll
  static void stop() {
    pacer.shutdownNow();
  }

  @Test
  void headers_over_the_limit_answer_431_in_the_envelope() throws Exception {
    String text = exchange("GET /api/v1/external/dispatches HTTP/1.1\r\nHost: dispatch\r\nX-API-Key: "
        + merchant.apiKey() + "\r\nX-Padding: " + "p".repeat(16 * 1024) + "\r\n\r\n");
    assertThat(text).startsWith("HTTP/1.1 431 ");
    JsonNode body = DispatchUnderTest.JSON.readTree(text.substring(text.indexOf("\r\n\r\n") + 4));
    assertThat(body.get("success").asBoolean()).isFalse();
    assertThat(body.get("error").get("code").asText()).isEqualTo("VALIDATION_ERROR");
    assertThat(body.get("error").get("message").asText())
        .isEqualTo("The request headers are larger than 8 KiB (8,192 bytes) in all");
    assertThat(text.toLowerCase()).contains("x-request-id: " + body.get("error").get("requestId").asText());
  }

  @Test
  void a_request_head_sent_a_byte_a_second_is_closed_after_the_head_timeout() throws Exception {
    URI base = URI.create(dispatch.baseUrl);
    String head = "GET /api/v1/track/" + "A".repeat(24) + " HTTP/1.1\r\nHost: dispatch\r\nX-Slow: " + "s".repeat(60)
        + "\r\n\r\n";
    AtomicInteger sent = new AtomicInteger();
    try (Socket socket = new Socket(base.getHost(), base.getPort())) {
      var sending = pacer.scheduleAtFixedRate(() -> {
        try {
          socket.getOutputStream().write(head.charAt(sent.get()));
          socket.getOutputStream().flush();
          sent.incrementAndGet();
        } catch (Exception closed) {
          // the server closed the connection: nothing more to send
        }
      }, 0, 1, TimeUnit.SECONDS);
      long start = System.nanoTime();
      socket.setSoTimeout(6_000);
      int read;
      try {
        read = socket.getInputStream().read();
      } catch (SocketTimeoutException stillOpen) {
        read = -2;
      } catch (SocketException reset) {
        read = -1;
      } finally {
        sending.cancel(false);
      }
      Duration open = Duration.ofNanos(System.nanoTime() - start);
      assertThat(read).as("closed without an answer (-1), not still open (-2) after %s", open).isEqualTo(-1);
      assertThat(open).isLessThan(Duration.ofMillis(3500));
      assertThat(sent.get()).isLessThan(head.length());
    }
  }

  /** Writes a request on a socket and reads everything until the server closes. */
  private static String exchange(String request) throws Exception {
    URI base = URI.create(dispatch.baseUrl);
    try (Socket socket = new Socket(base.getHost(), base.getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      InputStream in = socket.getInputStream();
      in.transferTo(received);
      return received.toString(StandardCharsets.UTF_8);
    }
  }
}
