package webhooks;

import common.BenchHttp;
import common.Merchants;
import java.time.Duration;
import java.util.Map;

/** The service both webhook figures talk to: its base URL and admin token, merchants and their endpoints. */
record Bench(String base, String admin) {

    /** The delivery created here: prepaid, so the figures stay comparable with the earlier runs. */
    static final String ORDER = """
        {"customerName":"Bench","customerPhone":"+254700000001","pickup":{"address":"A","lat":-1.2841,"lng":36.8155},
         "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}\
        """;

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    /** One call that must succeed; its body. */
    String call(String method, String path, Map<String, String> headers, String body) throws Exception {
        return BenchHttp.call(base, method, path, headers, body, TIMEOUT).body();
    }

    Merchants.Merchant merchant(String name, int keys) throws Exception {
        return Merchants.create(base, admin, name, keys);
    }

    /** Points the merchant's webhook endpoint at {@code url} (admin API). */
    void setWebhook(Merchants.Merchant merchant, String url) throws Exception {
        Merchants.setWebhook(base, admin, merchant, url);
    }
}
