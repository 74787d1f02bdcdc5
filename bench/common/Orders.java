package common;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.UUID;

/** The delivery the bench programs create: one create's request, and the body of a bulk create. */
public final class Orders {

    /** One create's body: a cash-on-delivery order across Nairobi. */
    public static final String ONE = """
        {"customerName":"Bench","customerPhone":"+254700000001","pickup":{"address":"A","lat":-1.2841,"lng":36.8219},\
        "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"COD","amountCents":150000}\
        """;

    private Orders() {}

    /** POST /api/v1/external/dispatches of {@link #ONE} with {@code apiKey} and a new Idempotency-Key, timeout 30 s. */
    public static HttpRequest createRequest(String base, String apiKey) {
        return HttpRequest.newBuilder(URI.create(base + "/api/v1/external/dispatches"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-API-Key", apiKey)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .POST(HttpRequest.BodyPublishers.ofString(ONE))
                .build();
    }

    /** A bulk create's body of {@code count} such orders, each with a customer name of its own. */
    public static String bulk(int count) {
        StringBuilder body = new StringBuilder("{\"orders\":[");
        for (int n = 0; n < count; n++) {
            body.append(n == 0 ? "" : ",").append(ONE.replace("\"Bench\"", "\"Bench " + n + "\""));
        }
        return body.append("]}").toString();
    }
}
