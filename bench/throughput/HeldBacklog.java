package throughput;

import common.Merchants;
import common.Orders;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;

/**
 * A backlog of notifications that waits for its endpoints: each merchant's endpoint is disabled first (its receiver
 * answers 410 to the merchant's first notification, as a receiver that is gone does), the deliveries are created and
 * their notifications kept, and then every endpoint is enabled at once. What follows is a drain of a real backlog,
 * not of deliveries still being created: the dispatcher's own rate.
 */
final class HeldBacklog {

    private HeldBacklog() {}

    /** Sends each merchant one create, which its receiver refuses with 410; returns once every endpoint is DISABLED. */
    static void disable(Harness run, List<Merchants.Merchant> merchants) throws Exception {
        for (Merchants.Merchant m : merchants) {
            run.call(
                    "POST",
                    "/api/v1/external/dispatches",
                    Map.of("X-API-Key", m.keys().get(0), "Idempotency-Key", UUID.randomUUID().toString()),
                    Orders.ONE);
        }
        for (Merchants.Merchant m : merchants) {
            Waits.until(() -> WebhookRecovery.endpointField(run, m, "status").equals("DISABLED"), 200);
        }
    }

    /**
     * Creates {@code per} deliveries for each merchant (bulks of up to 500, four at a time) and waits until their
     * notifications are all kept; returns the seconds the creation took and the notifications kept (the first,
     * refused one of each merchant included).
     */
    static double[] create(Harness run, List<Merchants.Merchant> merchants, int per) throws Exception {
        int bulk = Math.min(per, 500);
        String orders = Orders.bulk(bulk);
        long start = System.nanoTime();
        try (var creators = Executors.newFixedThreadPool(4)) {
            for (Merchants.Merchant m : merchants) {
                for (int made = 0; made < per; made += bulk) {
                    creators.submit(() -> run.bulkCreate(m.keys().get(0), orders));
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long kept = (long) merchants.size() * (((per + bulk - 1) / bulk) * bulk + 1);
        Waits.until(
                () -> merchants.stream()
                                .mapToLong(m -> Long.parseLong(WebhookRecovery.endpointField(run, m, "pending")))
                                .sum()
                        >= kept,
                500);
        return new double[] {seconds, kept};
    }

    /** Enables every merchant's endpoint, 16 calls at a time; returns the seconds the calls took. */
    static double enable(Harness run, List<Merchants.Merchant> merchants) {
        long start = System.nanoTime();
        try (var enablers = Executors.newFixedThreadPool(16)) {
            for (Merchants.Merchant m : merchants) {
                enablers.submit(() -> run.call(
                        "POST", "/api/v1/external/webhooks/enable", Map.of("X-API-Key", m.keys().get(0)), null));
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
