package common;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Merchants and API keys made through the admin API for a run (the service must allow that many keys). */
public final class Merchants {

    /** Keys per merchant when a run asks only for a number of keys. */
    public static final int KEYS_EACH = 4;

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** A merchant made for the run, with its API keys as sent in X-API-Key. */
    public record Merchant(String id, List<String> keys) {}

    private Merchants() {}

    public static Merchant create(String base, String admin, String name, int keys) throws Exception {
        Map<String, String> operator = Map.of("X-Admin-Token", admin);
        String id = BenchHttp.field(
                BenchHttp.call(
                                base,
                                "POST",
                                "/api/v1/admin/merchants",
                                operator,
                                "{\"name\":\"" + name + "\"}",
                                TIMEOUT)
                        .body(),
                "id");
        List<String> list = new ArrayList<>();
        for (int k = 0; k < keys; k++) {
            list.add(BenchHttp.field(
                    BenchHttp.call(base, "POST", "/api/v1/admin/merchants/" + id + "/api-keys", operator, "{}", TIMEOUT)
                            .body(),
                    "apiKey"));
        }
        return new Merchant(id, list);
    }

    /** Points the merchant's webhook endpoint at {@code url}. */
    public static void setWebhook(String base, String admin, Merchant merchant, String url) throws Exception {
        BenchHttp.call(
                base,
                "PUT",
                "/api/v1/admin/merchants/" + merchant.id() + "/webhook",
                Map.of("X-Admin-Token", admin),
                "{\"url\":\"" + url + "\"}",
                TIMEOUT);
    }

    /** {@code count} API keys (at least {@link #KEYS_EACH}), {@link #KEYS_EACH} to a merchant. */
    public static List<String> keys(String base, String admin, int count) throws Exception {
        List<String> all = new ArrayList<>();
        for (int m = 0; m < Math.max(1, count / KEYS_EACH); m++) {
            all.addAll(
                    create(base, admin, "bench-" + UUID.randomUUID(), KEYS_EACH).keys());
        }
        return all;
    }
}
