package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** What the rider app's browser tests set up and check through the API of the running service. */
final class RiderAppService {

    private final DispatchUnderTest dispatch;
    private final double lat;
    private final double lng;

    /** The tests' place: a zone of their own around it keeps other tests' riders and deliveries away. */
    RiderAppService(DispatchUnderTest dispatch, double lat, double lng) {
        this.dispatch = dispatch;
        this.lat = lat;
        this.lng = lng;
    }

    /** A square zone of 0.1° around the place, with the policy. */
    void zone(String policy) throws Exception {
        dispatch.newZone("rider-app-" + UUID.randomUUID().toString().substring(0, 8), lat, lng, 0.05, policy);
    }

    /** A delivery picked up at the place and dropped 0.01° north-east of it: its creation answer (id, PIN). */
    JsonNode create(Merchant merchant, String customer) throws Exception {
        String order =
                """
          {"customerName":"%s","customerPhone":"+254 700 000 050","externalId":"RIDER-%s",
           "pickup":{"address":"Market St 1","lat":%s,"lng":%s},
           "dropoff":{"address":"Station Rd 7","lat":%s,"lng":%s},
           "paymentType":"COD","amountCents":90000}""".formatted(customer, UUID.randomUUID().toString().substring(0, 8), lat, lng, lat + 0.01, lng + 0.01);
        return dispatch.call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), order, 201)
                .data();
    }

    /** Whether the engine sees the rider as one it may offer deliveries to. */
    boolean eligible(String riderId) throws Exception {
        return EngineRiders.eligible(dispatch, riderId);
    }

    /** The delivery as operators read it. */
    JsonNode delivery(String id) throws Exception {
        return dispatch.call("GET", "/api/v1/admin/dispatches/" + id, admin(), null, 200)
                .data();
    }

    String status(String id) throws Exception {
        return delivery(id).get("status").asText();
    }

    /** The bytes of a proof photo or signature, as an operator reads them from the URL the delivery names. */
    byte[] proofMedia(String url) throws Exception {
        String path = url.substring(url.indexOf("/api/v1/proof-media/"));
        HttpResponse<byte[]> answer;
        try (HttpClient http = HttpClient.newHttpClient()) {
            answer = http.send(
                    HttpRequest.newBuilder(URI.create(dispatch.baseUrl + path))
                            .header("X-Admin-Token", DispatchUnderTest.ADMIN_TOKEN)
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        }
        if (answer.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + answer.statusCode());
        }
        return answer.body();
    }

    /** The statuses of the delivery's history, as its merchant reads it. */
    List<String> history(Merchant merchant, String id) throws Exception {
        List<String> statuses = new ArrayList<>();
        dispatch.call("GET", "/api/v1/external/dispatches/" + id + "/events", merchant(merchant.apiKey()), null, 200)
                .data()
                .forEach(entry -> statuses.add(entry.get("status").asText()));
        return statuses;
    }
}
