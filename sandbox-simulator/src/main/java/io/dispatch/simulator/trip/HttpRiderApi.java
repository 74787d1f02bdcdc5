package io.dispatch.simulator.trip;

import io.dispatch.events.FailureReason;
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
public final class HttpRiderApi implements RiderApi {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final String baseUrl;

    public HttpRiderApi(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    @Override
    public String baseUrl() {
        return baseUrl;
    }

    @Override
    public Answer accept(String token, UUID dispatchId) throws IOException {
        return act(token, dispatchId, "accept", null);
    }

    @Override
    public Answer pickup(String token, UUID dispatchId) throws IOException {
        return act(token, dispatchId, "pickup", null);
    }

    @Override
    public Answer depart(String token, UUID dispatchId) throws IOException {
        return act(token, dispatchId, "depart", null);
    }

    @Override
    public Answer deliver(String token, UUID dispatchId, String recipientName, String pin) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("proof")
                .put("type", "PIN")
                .put("recipientName", recipientName)
                .put("pin", pin);
        return act(token, dispatchId, "deliver", body);
    }

    @Override
    public Answer fail(String token, UUID dispatchId, FailureReason reason, String detail) throws IOException {
        return act(
                token,
                dispatchId,
                "fail",
                JSON.createObjectNode().put("reasonCode", reason.name()).put("detail", detail));
    }

    @Override
    public Answer location(String token, double lat, double lng) throws IOException {
        return post(
                token,
                "/api/v1/rider/location",
                JSON.createObjectNode().put("lat", lat).put("lng", lng));
    }

    @Override
    public Answer shift(String token, boolean on) throws IOException {
        return post(token, "/api/v1/rider/shift", JSON.createObjectNode().put("status", on ? "ON" : "OFF"));
    }

    @Override
    public Answer acceptOffer(String token, UUID offerId) throws IOException {
        return post(token, "/api/v1/rider/offers/" + offerId + "/accept", null);
    }

    @Override
    public Answer declineOffer(String token, UUID offerId, String reason) throws IOException {
        return post(
                token,
                "/api/v1/rider/offers/" + offerId + "/decline",
                JSON.createObjectNode().put("reason", reason));
    }

    @Override
    public Answer giveBack(String token, UUID dispatchId, String reason) throws IOException {
        return act(token, dispatchId, "decline", JSON.createObjectNode().put("reason", reason));
    }

    private Answer act(String token, UUID dispatchId, String action, ObjectNode body) throws IOException {
        return post(token, "/api/v1/rider/dispatches/" + dispatchId + "/" + action, body);
    }

    private Answer post(String token, String path, ObjectNode body) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(15))
                .header("X-Rider-Token", token)
                .header("Content-Type", "application/json")
                .POST(
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
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
