package io.dispatch.command.simulator;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The rider API over real HTTP, as a rider's phone calls it: the simulator's riders go through
 * the same authentication, validation and commands as people do.
 */
final class RiderApi {

  /** What the service answered. */
  record Answer(int status, String body) {
    boolean ok() {
      return status / 100 == 2;
    }

    /** The delivery moved on, or is someone else's now: nothing more for this rider to do. */
    boolean refused() {
      return status == 403 || status == 404 || status == 409 || status == 422;
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient http = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5))
      .build();
  private final String baseUrl;

  RiderApi(String baseUrl) {
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
  }

  String baseUrl() {
    return baseUrl;
  }

  Answer act(String token, UUID dispatchId, String action, ObjectNode body) throws IOException {
    return post(token, "/api/v1/rider/dispatches/" + dispatchId + "/" + action, body);
  }

  Answer location(String token, double lat, double lng) throws IOException {
    return post(token, "/api/v1/rider/location", JSON.createObjectNode().put("lat", lat).put("lng", lng));
  }

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  private Answer post(String token, String path, ObjectNode body) throws IOException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .timeout(Duration.ofSeconds(15))
        .header("X-Rider-Token", token)
        .header("Content-Type", "application/json")
        .POST(body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
        .build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
